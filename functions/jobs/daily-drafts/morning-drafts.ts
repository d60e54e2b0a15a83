import { createHash } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import { campaignDayState } from '#shared/domain/campaign-dates';
import type { DraftTextOutcome } from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';
import { runContentGeneration } from '#functions/content/content-generation-run';
import { createGeneration, pendingGeneration } from '#functions/content/content-generations';
import { sendDraftDigest, type DigestItem } from '#functions/content/draft-text';
import { draftablePlatforms } from '#functions/domain/companies/connected-platforms';
import { companyTimeZone } from '#functions/domain/companies/company-time-zone';
import {
  morningSummaryOf,
  recordMorning,
  type MorningResult,
  type MorningRun,
} from '#functions/domain/companies/morning-report';
import { campaignEntity, type CampaignRecord } from '#functions/core/db/entities/campaign';
import { companyEntity, type CompanyRecord } from '#functions/core/db/entities/company';
import { contentEntity } from '#functions/core/db/entities/content';
import { DomainError } from '#functions/core/errors';
import { timeOrderedIdOf } from '#functions/core/ids';
import { claimJobRun, completeJobRun, releaseJobRun } from '#functions/core/jobs/job-claim';
import { withPrepaid } from '#functions/core/limits/throughput';
import { OPENAI_BUCKETS, takeDraftBudget } from '#functions/integrations/ai/drafter-budget';
import { companyEntitlement } from '#functions/domain/plans/entitlement';
import { refundGenerations, spendGenerations } from '#functions/domain/plans/generation-quota';
import { localDayOf } from '#functions/domain/plans/local-day';

/** The job whose claims these are (`daily-drafts`, `<companyId>#<local date>`). */
const JOB = 'daily-drafts';
/** A morning holds its day's claim this long: past the job's 15 minutes, so it is never shared. */
const MORNING_LEASE_MS = 16 * 60 * 1000;
/**
 * A morning waits this long at most for its OpenAI budget; longer, it gives its day back and
 * waits in the mornings queue (ThroughputWait) instead of holding an instance.
 */
const BUDGET_WAIT_MS = 20_000;

/**
 * What a company's morning did, with one line saying so (Morning now shows it): what was written
 * and texted, or why nothing was sent.
 */
export type MorningOutcome = MorningRun & { summary: string };

/**
 * The id of a morning's digest: a UUIDv7 whose time is when the morning's claim was taken (digests
 * sort by time; a reply acts on the newest) and whose other bits come from the company and the
 * local day. It is fixed for the run that holds the day's claim, so a retried send finds the
 * digest it already wrote (sendDraftDigest never texts one digest twice).
 */
export const morningDigestId = (companyId: string, day: string, claimedAt: number): string => {
  const bytes = Buffer.alloc(16);
  createHash('sha256').update(`${JOB}#${companyId}#${day}`).digest().copy(bytes, 6, 0, 10);
  return timeOrderedIdOf(claimedAt, bytes);
};

/** The company's active campaigns whose dates include today (in the campaign's zone). */
const runningCampaigns = async (companyId: string, now: Date): Promise<CampaignRecord[]> => {
  const { data } = await campaignEntity()
    .query.byCompanyStatus({ companyId, status: 'active' })
    .go({ pages: 'all' });
  return data.filter((campaign) => campaignDayState(campaign, now) === 'running');
};

/**
 * What the morning did, recorded for the company overview (what was skipped, when it resumes) and
 * said in one line. Recording it is worth less than the morning itself: a failure is logged, and
 * the morning stands.
 */
const finished = async (
  company: CompanyRecord,
  result: MorningResult,
  logger: Logger,
): Promise<MorningOutcome> => {
  await recordMorning(company, result).catch((error: unknown) =>
    logger.error('Could not record the morning for the overview', { error: error as Error }),
  );
  return { ...result, summary: morningSummaryOf(result, company) };
};

/** A refusal of the plan's daily limit (or a plan that lapsed meanwhile): drafting stops there. */
const isRefusal = (error: unknown) =>
  error instanceof DomainError &&
  (error.code === 'GENERATION_LIMIT_REACHED' || error.code === 'SUBSCRIPTION_REQUIRED');

/** Writes one post for the campaign and platform, spending one of today's generations. */
const draftOne = async (
  company: CompanyRecord,
  campaign: CampaignRecord,
  platform: PlatformId,
  now: Date,
  logger: Logger,
): Promise<DigestItem | null> => {
  const spend = await spendGenerations(company, 1, now.getTime());
  const generation = pendingGeneration({
    kind: 'content',
    companyId: company.companyId,
    campaignId: campaign.campaignId,
    platform,
    // One text for the whole morning, sent below: not one per post.
    sendNotification: false,
    quotaDay: spend.day,
  });
  try {
    await createGeneration(generation);
  } catch (error) {
    await refundGenerations(spend);
    throw error;
  }
  // A failed draft gives its generation back itself (runContentGeneration).
  const outcome = await runContentGeneration(generation.generationId, logger);
  if (outcome !== 'succeeded') {
    logger.warn('A morning draft was not written', {
      campaignId: campaign.campaignId,
      platform,
      outcome,
    });
    return null;
  }
  const { data: post } = await contentEntity()
    .get({
      companyId: company.companyId,
      campaignId: campaign.campaignId,
      contentId: generation.contentId,
    })
    .go({ consistent: true });
  if (!post) return null;
  return {
    number: 0,
    companyId: company.companyId,
    campaignId: campaign.campaignId,
    contentId: post.contentId,
    platform,
    campaignName: campaign.name,
    text: post.content,
  };
};

/**
 * One company's morning, as if its morning hour had just come: for each active campaign whose
 * dates include today, one draft per platform of the campaign that the company has connected and
 * its tier allows, while the tier's daily limit allows (one generation spent at a time; the first
 * refusal ends the morning's drafting), then one text listing the new drafts, numbered. How it
 * went is recorded for the company overview (drafts skipped, or not texted, and why).
 *
 * Once per company per local day: the day's claim (`daily-drafts`, `<companyId>#<yyyy-MM-dd>`) is
 * a conditional write, so a second run the same day (a redelivered tick, the hour repeated when
 * the clock falls back, Morning now pressed twice) drafts and texts nothing. A run that fails
 * before its first draft gives the claim back for the deliverer's retry; once a draft is written
 * the morning keeps it (a retry would draft the same platforms again), and the text still lists
 * what was written.
 */
export const runMorningDrafts = async (
  companyId: string,
  logger: Logger,
  now: Date = new Date(),
): Promise<MorningOutcome> => {
  const { data: company } = await companyEntity().get({ companyId }).go({ consistent: true });
  if (!company || company.deletedAt) {
    const gone = { status: 'gone' } as const;
    return { ...gone, summary: morningSummaryOf(gone) };
  }
  const { day } = localDayOf(now, companyTimeZone(company));
  const claimedAt = Date.now();
  const claim = await claimJobRun(
    JOB,
    `${companyId}#${day}`,
    MORNING_LEASE_MS,
    new Date(claimedAt),
  );
  if (!claim.claimed) {
    const done = { status: 'already-done', day } as const;
    return { ...done, summary: morningSummaryOf(done, company) };
  }

  const items: DigestItem[] = [];
  let stoppedBy: 'limit' | 'error' | undefined;
  let due = 0;
  try {
    if (companyEntitlement(company, now.getTime()).kind === 'lapsed') {
      await completeJobRun(claim.claim);
      return await finished(company, { status: 'lapsed', day }, logger);
    }
    const [campaigns, platforms] = await Promise.all([
      runningCampaigns(companyId, now),
      draftablePlatforms(company, now.getTime()),
    ]);
    const platformsOf = (campaign: CampaignRecord) =>
      platforms.filter((platform) => campaign.platforms.includes(platform));
    due = campaigns.reduce((count, campaign) => count + platformsOf(campaign).length, 0);
    // The whole morning's OpenAI budget before anything is written: over OpenAI's limits the
    // ThroughputWait gives the day back (below), and the morning waits in its queue.
    await takeDraftBudget(due, { maxWaitMs: BUDGET_WAIT_MS });
    await withPrepaid(OPENAI_BUCKETS, async () => {
      drafting: for (const campaign of campaigns) {
        for (const platform of platformsOf(campaign)) {
          try {
            const item = await draftOne(company, campaign, platform, now, logger);
            if (item) items.push({ ...item, number: items.length + 1 });
          } catch (error) {
            if (isRefusal(error)) {
              stoppedBy = 'limit';
              break drafting;
            }
            // Nothing written yet: give the day back for the retry (below). Else keep what is.
            if (!items.length) throw error;
            logger.error('A morning draft failed; the drafts written are still texted', {
              error: error as Error,
            });
            stoppedBy = 'error';
            break drafting;
          }
        }
      }
    });
  } catch (error) {
    await releaseJobRun(claim.claim).catch((releaseError: unknown) =>
      logger.error('Could not release the morning claim', releaseError as Error),
    );
    throw error;
  }

  let text: DraftTextOutcome | 'nothing-new' = 'nothing-new';
  if (items.length) {
    text = await sendDraftDigest(
      {
        ownerId: company.userId,
        digestId: morningDigestId(companyId, day, claimedAt),
        items,
      },
      logger,
    ).catch((error: unknown) => {
      logger.error('The morning text could not be sent', { error: error as Error });
      return 'failed' as const;
    });
  }
  await completeJobRun(claim.claim);
  logger.info('Morning drafts done', { companyId, day, drafts: items.length, stoppedBy, text });
  return finished(
    company,
    {
      status: 'drafted',
      day,
      due,
      drafts: items.length,
      ...(stoppedBy ? { stoppedBy } : {}),
      text,
    },
    logger,
  );
};
