import { randomUUID } from 'node:crypto';
import { createConversions } from 'electrodb';
import type * as z from 'zod';
import { INTRO_TIER_LIMIT_MESSAGE, type createCompanyBody } from '#shared/contract/companies';
import type { PageQuery } from '#shared/contract/paging';
import { INTRO_TIER_COMPANY_LIMIT, TRIAL_DAYS } from '#shared/domain/limits';
import { COMPANY_NOT_FOUND } from '../domain/ownership/owned-company';
import { companyEntity, type CompanyRecord } from '../core/db/entities/company';
import { counterEntity } from '../core/db/entities/counter';
import { morningRosterEntity } from '../core/db/entities/morning-roster';
import {
  morningSlotOf,
  registerMorningZone,
  sameMorningSlot,
} from '../domain/companies/morning-roster';
import { INVALID_CURSOR, toElectroCursor } from '../core/db/paging';
import { CONTENDED, RETRY_NOW, retryOnContention } from '../core/db/contention';
import { lostRace, TransactionCancelled, writeTransaction } from '../core/db/transaction';
import { Invalid, LimitReached, NotFound } from '../core/errors';
import { lazy } from '../core/lazy';
import { countCompanyCreated, countCompanyDeleted } from '../domain/business/business-counts';
import { companyEffectiveTier } from '../domain/plans/entitlement';
import { logger } from '../core/logger';
import { jobStarter } from '../integrations/jobs/provider';

type NewCompany = z.output<typeof createCompanyBody>;
/** What an update may change: any of the fields a company is created with. */
type CompanyChanges = Partial<NewCompany>;

/**
 * The website as the URL parser reads it, so what is stored (and later fetched) is exactly what
 * was checked: host lower-cased and in punycode, default port dropped, spaces and other unsafe
 * characters percent-encoded, no user name or password. A bare origin keeps no trailing slash
 * ("https://harbor.coffee"), as the owner typed it. The contract has already refused anything
 * that does not parse as an http(s) address, and '' (no website) stays ''.
 */
export const canonicalWebsite = (website: string): string => {
  if (!website) return '';
  const url = new URL(website);
  url.username = '';
  url.password = '';
  const bareOrigin = url.pathname === '/' && !url.search && !url.hash;
  return bareOrigin ? url.origin : url.href;
};

const withCanonicalWebsite = <T extends { website?: string | undefined }>(fields: T): T =>
  fields.website === undefined ? fields : { ...fields, website: canonicalWebsite(fields.website) };

const companiesCounter = (userId: string) => `companies#${userId}`;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 5;

/** The owner's companies, without deleted ones (their clean-up may still be under way). */
export const listCompanies = async (userId: string): Promise<CompanyRecord[]> => {
  const { data } = await companyEntity()
    .query.byOwner({ userId })
    .where(({ deletedAt }, { notExists }) => notExists(deletedAt))
    .go({ pages: 'all' });
  return data;
};

/** ElectroDB's conversions between a company's owner-index key and a list cursor. */
const cursors = lazy(() => createConversions(companyEntity()).byAccessPattern.byOwner);

const invalidCursor = () =>
  new Invalid('VALIDATION_FAILED', INVALID_CURSOR, { cursor: INVALID_CURSOR });

/**
 * The cursor a client sent, checked to be a position in this owner's list: ElectroDB's cursor is a
 * table key, and one from another owner's list would make DynamoDB refuse the query (a 500) or
 * start in someone else's companies. Re-encoded from the composite it names, so only a key this
 * list could produce reaches DynamoDB.
 */
const checkedCursor = (cursor: string | undefined, userId: string): string | undefined => {
  if (toElectroCursor(cursor) === undefined) return undefined;
  try {
    const at = cursors().fromCursor.toComposite(cursor!);
    if (at.userId !== userId.toLowerCase() || !at.createdAt || !at.companyId) throw invalidCursor();
    return cursors().fromComposite.toCursor({
      userId,
      createdAt: at.createdAt,
      companyId: at.companyId,
    });
  } catch {
    throw invalidCursor();
  }
};

/**
 * One page of the owner's companies, oldest first (as the owner index sorts them), and how many
 * they have. One query of the owner index, `limit + 1` items at most — the extra one only tells
 * whether a next page exists, so the last page says so (no empty page after it) — beside a read
 * of the owner's company counter, which create and delete move in their transactions. A deleted
 * company (its clean-up still under way) is filtered out of the page, so a page may hold fewer
 * than `limit` and still have a next one.
 */
export const listCompanyPage = async (
  userId: string,
  page: PageQuery,
): Promise<{ data: CompanyRecord[]; nextCursor: string | null; total: number }> => {
  const cursor = checkedCursor(page.cursor, userId);
  const [{ data, cursor: next }, { data: counter }] = await Promise.all([
    companyEntity()
      .query.byOwner({ userId })
      .where(({ deletedAt }, { notExists }) => notExists(deletedAt))
      .go({ limit: page.limit + 1, pages: 1, ...(cursor ? { cursor } : {}) }),
    counterEntity()
      .get({ name: companiesCounter(userId) })
      .go({ consistent: true }),
  ]);
  const companies = data.slice(0, page.limit);
  const last = companies.at(-1);
  const nextCursor =
    data.length > page.limit && last
      ? cursors().fromComposite.toCursor({
          userId,
          createdAt: last.createdAt,
          companyId: last.companyId,
        })
      : // Fewer than asked, yet DynamoDB stopped at the limit: deleted companies were left out.
        next;
  return { data: companies, nextCursor, total: counter?.total ?? 0 };
};

/**
 * Only a paid tier that is being paid for lifts the intro tier's one-company limit: a company
 * whose effective tier is not intro (a gold company whose subscription has lapsed, a trial and a
 * founder's company all count as intro). The count comes from the counter (strongly consistent);
 * the owner's list (a GSI) only tells whether any company is paid.
 */
const mayAddCompany = async (userId: string, count: number): Promise<boolean> =>
  count < INTRO_TIER_COMPANY_LIMIT ||
  (await listCompanies(userId)).some((company) => companyEffectiveTier(company) !== 'intro');

/**
 * Creates a company on the intro tier: a 14-day trial, or — for a founder (one of the first 50
 * accounts) — a founder's company, intro for life with no trial (the flag stays through later
 * upgrades and cancellations). The owner's company counter moves from n to n+1 in the same
 * transaction, so two simultaneous requests cannot both slip past the intro-tier limit.
 */
export const createCompany = async (
  userId: string,
  fields: NewCompany,
  { founder = false }: { founder?: boolean } = {},
): Promise<CompanyRecord> =>
  retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      exhausted: 'Could not create the company: the company counter stayed contended',
    },
    async () => {
      const { data: counter } = await counterEntity()
        .get({ name: companiesCounter(userId) })
        .go({ consistent: true });
      const count = counter?.total ?? 0;
      // The owner's list is read only when the counter says the limit is reached.
      if (!(await mayAddCompany(userId, count))) {
        throw new LimitReached('COMPANY_LIMIT_REACHED', INTRO_TIER_LIMIT_MESSAGE);
      }
      const now = new Date();
      const record = {
        companyId: randomUUID(),
        userId,
        ...withCanonicalWebsite(fields),
        subscriptionTier: 'intro' as const,
        pendingDowngrade: false,
        founder,
        // A founder's company has no trial: intro is theirs for life.
        ...(founder
          ? {}
          : { trialEndDate: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString() }),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      };
      const slot = morningSlotOf(record);
      // The zone is known to the hourly job before the company is listed in it.
      await registerMorningZone(slot.timeZone);
      const outcome = await writeTransaction(
        { company: companyEntity(), counter: counterEntity(), roster: morningRosterEntity() },
        ({ company, counter: counters, roster }) => ({
          company: company.create(record).commit(),
          roster: roster.put({ ...slot, companyId: record.companyId }).commit(),
          counter: counters
            .update({ name: companiesCounter(userId) })
            .set({ total: count + 1 })
            .where((attr, op) => (counter ? op.eq(attr.total, count) : op.notExists(attr.total)))
            .commit(),
        }),
      );
      if (outcome.committed) {
        await countCompanyCreated(record);
        return record as CompanyRecord;
      }
      // Only the counter can have moved (another company created or deleted meanwhile): read it again.
      if (lostRace(outcome, 'counter')) return CONTENDED;
      throw new TransactionCancelled('Company transaction cancelled', outcome);
    },
  );

/**
 * Changes the owner's company; the website is stored as parsed. A change of its zone or morning
 * hour moves its morning roster item (the old deleted, the new put) in the same transaction as the
 * company write, conditioned on the zone and hour it was read with, so two racing changes never
 * leave it listed twice or not at all.
 */
export const updateCompany = async (
  company: CompanyRecord,
  changes: CompanyChanges,
): Promise<CompanyRecord> => {
  const fields = withCanonicalWebsite(changes);
  let current = company;
  return retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      exhausted: 'Could not update the company: its zone or morning hour kept changing',
    },
    async () => {
      const before = morningSlotOf(current);
      const after = morningSlotOf({ ...current, ...fields });
      if (sameMorningSlot(before, after)) {
        const { data } = await companyEntity()
          .patch({ companyId: company.companyId })
          .set(fields)
          .go({ response: 'all_new' });
        return data as CompanyRecord;
      }
      await registerMorningZone(after.timeZone);
      const outcome = await writeTransaction(
        { company: companyEntity(), roster: morningRosterEntity() },
        ({ company: companies, roster }) => ({
          company: companies
            .patch({ companyId: company.companyId })
            .set(fields)
            .where(({ timeZone, morningHour, deletedAt }, { eq, notExists }) =>
              [
                notExists(deletedAt),
                current.timeZone === undefined
                  ? notExists(timeZone)
                  : eq(timeZone, current.timeZone),
                current.morningHour === undefined
                  ? notExists(morningHour)
                  : eq(morningHour, current.morningHour),
              ].join(' AND '),
            )
            .commit(),
          leave: roster.delete({ ...before, companyId: company.companyId }).commit(),
          join: roster.put({ ...after, companyId: company.companyId }).commit(),
        }),
      );
      const { data: fresh } = await companyEntity()
        .get({ companyId: company.companyId })
        .go({ consistent: true });
      if (!fresh || fresh.deletedAt) throw new NotFound('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
      if (outcome.committed) return fresh;
      if (!lostRace(outcome, 'company')) {
        throw new TransactionCancelled('Company update cancelled', outcome);
      }
      // Its zone or hour changed meanwhile: move it from where it is now.
      current = fresh;
      return CONTENDED;
    },
  );
};

/**
 * Marks the company deleted and gives its place back to the owner's company limit, in one
 * transaction. The mark is conditional (only a company not yet deleted), so a second DELETE —
 * even one racing this one — cannot free the counter twice. The counter only moves down from a
 * positive total: should it ever have drifted to 0 while a company remained, the company is still
 * deleted, and the counter stays at 0 rather than going below what the owner really has.
 */
const markCompanyDeleted = async (company: CompanyRecord, deletedAt: string): Promise<void> => {
  let freePlace = true;
  await retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      exhausted: 'Could not delete the company: its items stayed contended',
    },
    async () => {
      const outcome = await writeTransaction(
        { company: companyEntity(), counter: counterEntity(), roster: morningRosterEntity() },
        ({ company: companies, counter, roster }) => ({
          // Off the morning roster at once: a deleted company gets no morning.
          roster: roster
            .delete({ ...morningSlotOf(company), companyId: company.companyId })
            .commit(),
          mark: companies
            .patch({ companyId: company.companyId })
            .set({ deletedAt })
            .where(({ deletedAt: mark }, { notExists }) => notExists(mark))
            .commit(),
          counter:
            freePlace &&
            counter
              .update({ name: companiesCounter(company.userId) })
              .add({ total: -1 })
              .where(({ total }, { gt }) => gt(total, 0))
              .commit(),
        }),
      );
      if (outcome.committed) return;
      // Deleted by someone else in between (or gone altogether): it is not found any more.
      if (outcome.failedConditions.has('mark'))
        throw new NotFound('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
      if (outcome.failedConditions.has('counter')) {
        logger.warn('The company counter was already 0; the company is deleted without it', {
          userId: company.userId,
        });
        freePlace = false;
        return RETRY_NOW;
      }
      if (lostRace(outcome)) return CONTENDED;
      throw new TransactionCancelled('Company deletion cancelled', outcome);
    },
  );
};

/**
 * Deletes a company as far as anyone can see at once — gone from every read, its place in the
 * owner's limit free — and starts the company-cleanup job that removes what it owned. Should the
 * job not start, the hourly sweeper finds the company through its deletion mark and starts it.
 */
export const deleteCompany = async (company: CompanyRecord): Promise<void> => {
  await markCompanyDeleted(company, new Date().toISOString());
  await countCompanyDeleted(company);
  try {
    await (await jobStarter()).start('company-cleanup', { companyId: company.companyId });
  } catch (error) {
    logger.error('Could not start company-cleanup; the sweeper will start it', {
      companyId: company.companyId,
      error,
    });
  }
};
