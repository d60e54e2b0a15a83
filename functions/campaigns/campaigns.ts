import type * as z from 'zod';
import type {
  Campaign,
  campaignListQuery,
  createCampaignBody,
  updateCampaignBody,
} from '#shared/contract/campaigns';
import { createConversions } from 'electrodb';
import type { CampaignStatus } from '#shared/domain/campaigns';
import { DEFAULT_SCHEDULE_MODE } from '#shared/domain/post-results';
import { CAMPAIGN_NOT_FOUND, type OwnedCampaign } from '../domain/ownership/owned-campaign';
import { COMPANY_NOT_FOUND, companyStillOpen } from '../domain/ownership/owned-company';
import { isConditionFailure } from '../core/db/conditions';
import { campaignEntity, type CampaignRecord } from '../core/db/entities/campaign';
import { campaignCleanupEntity } from '../core/db/entities/campaign-cleanup';
import { campaignCountsEntity, type CampaignCounts } from '../core/db/entities/campaign-counts';
import { campaignRefEntity } from '../core/db/entities/campaign-ref';
import { mediaAssetEntity } from '../core/db/entities/media-asset';
import { toMediaAsset } from '../domain/media/media-asset-view';
import { companyEntity, type CompanyRecord } from '../core/db/entities/company';
import { toElectroCursor, INVALID_CURSOR } from '../core/db/paging';
import { CONTENDED, retryOnContention } from '../core/db/contention';
import { lostRace, TransactionCancelled, writeTransaction } from '../core/db/transaction';
import { Invalid, NotFound } from '../core/errors';
import { newTimeOrderedId } from '../core/ids';
import { lazy } from '../core/lazy';
import { logger } from '../core/logger';
import { jobStarter } from '../integrations/jobs/provider';
import { adoptableVersion, adoptionRefusal, markVersionAdopted } from './version-adoption';
import {
  checkDateOrder,
  checkPlatformsConnected,
  newCampaignFields,
  resolveSchedule,
  storedDate,
} from './campaign-input';
import { toCampaign } from './campaign-view';

type NewCampaign = z.output<typeof createCampaignBody>;
type CampaignChanges = z.output<typeof updateCampaignBody>;
type ListQuery = z.output<typeof campaignListQuery>;

const MAX_ATTEMPTS = 5;

const campaignNotFound = () => new NotFound('CAMPAIGN_NOT_FOUND', CAMPAIGN_NOT_FOUND);

const entities = () => ({
  campaigns: campaignEntity(),
  refs: campaignRefEntity(),
  counts: campaignCountsEntity(),
  companies: companyEntity(),
  cleanups: campaignCleanupEntity(),
});

const readCampaign = async (companyId: string, campaignId: string): Promise<CampaignRecord> => {
  const { data } = await campaignEntity().get({ companyId, campaignId }).go({ consistent: true });
  if (!data) throw campaignNotFound();
  return data;
};

/**
 * Creates a campaign in one transaction: the campaign, its pointer (id → company), its status
 * count, and a check that the company is still there and not deleted — so a campaign can never be
 * added to a company whose clean-up has begun, and the count always moves with the campaign.
 * Made from a generator version (`fromGeneration`), the same transaction marks the version made,
 * only if no campaign was made of it yet: one campaign per version however many requests race.
 */
export const createCampaign = async (
  company: CompanyRecord,
  input: NewCampaign,
): Promise<CampaignRecord> => {
  await checkPlatformsConnected(company, input.platforms);
  const { fromGeneration } = input;
  const version = fromGeneration ? await adoptableVersion(company.companyId, fromGeneration) : null;
  const now = new Date().toISOString();
  const record = {
    companyId: company.companyId,
    campaignId: newTimeOrderedId(),
    ...newCampaignFields(company, input),
    ...(fromGeneration ? { fromGeneration } : {}),
    mediaCount: 0,
    createdAt: now,
    updatedAt: now,
  };
  return retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      exhausted: 'Could not create the campaign: its company stayed contended',
    },
    async () => {
      const outcome = await writeTransaction(
        entities(),
        ({ campaigns, refs, counts, companies }) => ({
          campaign: campaigns.create(record).commit(),
          ref: refs.create({ campaignId: record.campaignId, companyId: record.companyId }).commit(),
          count: counts
            .update({ companyId: record.companyId })
            .add({ [record.status]: 1 })
            .commit(),
          company: companyStillOpen(companies, record.companyId),
          generation: version ? markVersionAdopted(version, record.campaignId) : false,
        }),
      );
      // Read back: the entity stamps `updatedAt` itself as it writes.
      if (outcome.committed) return readCampaign(record.companyId, record.campaignId);
      if (outcome.failedConditions.has('company')) {
        throw new NotFound('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
      }
      // Another request made a campaign of the version first (or it is gone): say which.
      if (fromGeneration && outcome.failedConditions.has('generation')) {
        throw await adoptionRefusal(record.companyId, fromGeneration);
      }
      if (lostRace(outcome)) return CONTENDED;
      throw new TransactionCancelled('Campaign creation cancelled', outcome);
    },
  );
};

/**
 * Writes changes to a campaign. When the status changes, the campaign's write is conditional on
 * the status it was read with and moves the counts in the same transaction; a concurrent change
 * makes it read the campaign again and retry, so the counts never drift.
 */
const writeChanges = async (
  companyId: string,
  campaignId: string,
  changesFor: (current: CampaignRecord) => Partial<CampaignRecord>,
  first: CampaignRecord,
): Promise<CampaignRecord> => {
  return retryOnContention(
    { attempts: MAX_ATTEMPTS, exhausted: 'Could not change the campaign: it stayed contended' },
    async (attempt) => {
      // Changed or deleted by another request since: read it again (a deleted one is not found).
      const current = attempt === 1 ? first : await readCampaign(companyId, campaignId);
      const changes = changesFor(current);
      const from = current.status;
      const to = changes.status ?? from;
      if (from === to) {
        const { status: _same, ...rest } = changes;
        try {
          const { data } = await campaignEntity()
            .patch({ companyId, campaignId })
            .set(rest)
            .go({ response: 'all_new' });
          return data as CampaignRecord;
        } catch (error) {
          // Deleted meanwhile: a patch only changes an item that exists.
          if (isConditionFailure(error)) throw campaignNotFound();
          throw error;
        }
      }
      const outcome = await writeTransaction(entities(), ({ campaigns, counts }) => ({
        campaign: campaigns
          .patch({ companyId, campaignId })
          .set(changes)
          .where(({ status }, { eq }) => eq(status, from))
          .commit(),
        count: counts
          .update({ companyId })
          .add({ [from]: -1, [to]: 1 } as Partial<Record<CampaignStatus, number>>)
          .commit(),
      }));
      if (outcome.committed) return readCampaign(companyId, campaignId);
      if (lostRace(outcome, 'campaign')) return CONTENDED;
      throw new TransactionCancelled('Campaign change cancelled', outcome);
    },
  );
};

/** PUT: any of the fields; dates and platforms checked as on create, against what is stored. */
export const updateCampaign = async (
  { company, campaign }: OwnedCampaign,
  changes: CampaignChanges,
): Promise<CampaignRecord> => {
  if (changes.platforms) await checkPlatformsConnected(company, changes.platforms);
  return writeChanges(
    campaign.companyId,
    campaign.campaignId,
    (current) => {
      const schedule = changes.schedule
        ? resolveSchedule(
            changes.schedule,
            current.schedule.timeZone,
            current.schedule.mode ?? DEFAULT_SCHEDULE_MODE,
          )
        : current.schedule;
      const startDate =
        changes.startDate === undefined
          ? current.startDate
          : storedDate('startDate', changes.startDate, schedule.timeZone);
      const endDate =
        changes.endDate === undefined
          ? current.endDate
          : storedDate('endDate', changes.endDate, schedule.timeZone);
      checkDateOrder(startDate, endDate);
      const set: Partial<CampaignRecord> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.campaignIntention !== undefined)
        set.campaignIntention = changes.campaignIntention;
      if (changes.status !== undefined) set.status = changes.status;
      if (changes.platforms !== undefined) set.platforms = changes.platforms;
      if (changes.contentSeeds !== undefined) set.contentSeeds = changes.contentSeeds;
      if (changes.schedule !== undefined) set.schedule = schedule;
      if (changes.startDate !== undefined) set.startDate = startDate;
      if (changes.endDate !== undefined) set.endDate = endDate;
      return set;
    },
    campaign,
  );
};

/** PATCH /status: only the status (and its counts). */
export const setCampaignStatus = ({ campaign }: OwnedCampaign, status: CampaignStatus) =>
  writeChanges(campaign.companyId, campaign.campaignId, () => ({ status }), campaign);

/**
 * Deletes a campaign as far as anyone can see at once — the campaign, its pointer and its count,
 * in one transaction conditional on the status it was read with (so the right count moves) —
 * leaving a clean-up marker in the same transaction, and starts the campaign-cleanup job that
 * removes what it owned. Should the job not start, the sweeper finds the marker and starts it.
 */
export const deleteCampaign = async ({ campaign: first }: OwnedCampaign): Promise<void> => {
  const { companyId, campaignId } = first;
  await retryOnContention(
    { attempts: MAX_ATTEMPTS, exhausted: 'Could not delete the campaign: it stayed contended' },
    async (attempt) => {
      // Its status changed since, or another DELETE won (then it is not found).
      const { status, fromGeneration } =
        attempt === 1 ? first : await readCampaign(companyId, campaignId);
      const outcome = await writeTransaction(
        entities(),
        ({ campaigns, refs, counts, cleanups }) => ({
          campaign: campaigns
            .delete({ companyId, campaignId })
            .where((attributes, { eq }) => eq(attributes.status, status))
            .commit(),
          ref: refs.delete({ campaignId }).commit(),
          count: counts
            .update({ companyId })
            .add({ [status]: -1 })
            .commit(),
          cleanup: cleanups
            .create({
              companyId,
              campaignId,
              deletedAt: new Date().toISOString(),
              // The clean-up frees the version the campaign was made from.
              ...(fromGeneration ? { fromGeneration } : {}),
            })
            .commit(),
        }),
      );
      if (outcome.committed) return;
      if (lostRace(outcome, 'campaign')) return CONTENDED;
      throw new TransactionCancelled('Campaign deletion cancelled', outcome);
    },
  );
  try {
    await (await jobStarter()).start('campaign-cleanup', { companyId, campaignId });
  } catch (error) {
    logger.error('Could not start campaign-cleanup; the sweeper will start it', {
      companyId,
      campaignId,
      error,
    });
  }
};

/* ----- The list: one page, newest first ----- */

/** ElectroDB's conversions between a campaign's key composite and a list cursor. */
const cursors = lazy(() => createConversions(campaignEntity()).byAccessPattern);

const invalidCursor = () =>
  new Invalid('VALIDATION_FAILED', INVALID_CURSOR, { cursor: INVALID_CURSOR });

/**
 * The cursor a client sent, checked to be a position in this very list (this company, this
 * status): ElectroDB's cursor is a table key, and one from another list would make DynamoDB
 * refuse the query (a 500) — or, worse, start another company's partition. Re-encoded from the
 * composite it names, so only a key this list could produce reaches DynamoDB.
 */
const checkedCursor = (
  cursor: string | undefined,
  companyId: string,
  status: CampaignStatus | undefined,
): string | undefined => {
  if (toElectroCursor(cursor) === undefined) return undefined;
  const conversions = cursors();
  try {
    if (status) {
      const at = conversions.byCompanyStatus.fromCursor.toComposite(cursor!);
      if (at.companyId !== companyId || at.status !== status || !at.campaignId)
        throw invalidCursor();
      return conversions.byCompanyStatus.fromComposite.toCursor({
        companyId,
        status,
        campaignId: at.campaignId,
      });
    }
    const at = conversions.byCompany.fromCursor.toComposite(cursor!);
    if (at.companyId !== companyId || !at.campaignId) throw invalidCursor();
    return conversions.byCompany.fromComposite.toCursor({ companyId, campaignId: at.campaignId });
  } catch {
    throw invalidCursor();
  }
};

/**
 * One page of a company's campaigns, newest first (campaign ids are time-ordered, so the sort key
 * is the creation order): a single query of `skip + limit + 1` items at most (`limit + 1` with a
 * cursor) — the extra one only tells whether a next page exists. `total` is the company's count
 * (per status with the filter), never a count of rows. Without a status the query reads the
 * table, strongly consistent; with one, the status index.
 */
export const listCampaigns = async (
  companyId: string,
  counts: CampaignCounts,
  query: ListQuery,
): Promise<{ data: CampaignRecord[]; total: number; nextCursor: string | null }> => {
  const cursor = checkedCursor(query.cursor, companyId, query.status);
  const skip = cursor ? 0 : query.skip;
  const wanted = skip + query.limit + 1;
  const options = { order: 'desc' as const, limit: wanted, count: wanted, cursor };
  const { data } = query.status
    ? await campaignEntity().query.byCompanyStatus({ companyId, status: query.status }).go(options)
    : await campaignEntity()
        .query.byCompany({ companyId })
        .go({ ...options, consistent: true });
  const page = data.slice(skip, skip + query.limit);
  const last = page.at(-1);
  const conversions = cursors();
  const nextCursor =
    data.length > skip + query.limit && last
      ? query.status
        ? conversions.byCompanyStatus.fromComposite.toCursor({
            companyId,
            status: query.status,
            campaignId: last.campaignId,
          })
        : conversions.byCompany.fromComposite.toCursor({ companyId, campaignId: last.campaignId })
      : null;
  return {
    data: page,
    total: query.status ? counts[query.status] : counts.total,
    nextCursor,
  };
};

/** The campaign with its media assets (oldest first), each with short-lived links. */
export const campaignWithMedia = async (campaign: CampaignRecord): Promise<Campaign> => {
  if (campaign.mediaCount <= 0) return toCampaign(campaign, []);
  const { data } = await mediaAssetEntity()
    .query.byCampaign({ companyId: campaign.companyId, campaignId: campaign.campaignId })
    .go({ pages: 'all', consistent: true });
  const now = new Date();
  return toCampaign(campaign, await Promise.all(data.map((asset) => toMediaAsset(asset, now))));
};
