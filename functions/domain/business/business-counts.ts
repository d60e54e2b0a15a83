import {
  COUNTER,
  FUNNEL_STEPS,
  utcDayOf,
  waitBucketOf,
  type FunnelStep,
} from '#shared/domain/business-numbers';
import { PAYING_STATUSES, type SubscriptionStatus } from '#shared/domain/subscription';
import type { PlatformId, TierId } from '#shared/domain/tiers';
import { claimMilestone, readMilestones } from '../../core/db/account-milestones';
import { addBusinessCounts } from '../../core/db/business-counts';
import { companyEntity } from '../../core/db/entities/company';
import { logger } from '../../core/logger';

/**
 * Counting the business's numbers when things happen (shared/domain/business-numbers.ts). None of
 * these ever fails the action it counts: the action has happened, and a lost count is logged.
 */

const quietly = async (what: string, count: () => Promise<void>): Promise<void> => {
  try {
    await count();
  } catch (error) {
    logger.warn('A business count was not written', { count: what, error: (error as Error)?.name });
  }
};

/**
 * The account reached a step of the funnel: counted once per account, on the day it happened,
 * with the wait since the step before when the account reached that one. The step is claimed on
 * the account's own item first; only the claim's winner adds to the day's counter, with a plain
 * atomic ADD rather than in one transaction with the claim: many sign-ups at once share a
 * counter shard, and transactions on one item at the same moment cancel each other, which would
 * lose counts exactly when they matter.
 */
export const reachFunnelStep = (
  userId: string,
  step: FunnelStep,
  now: Date = new Date(),
): Promise<void> =>
  quietly(step, async () => {
    const before = FUNNEL_STEPS[FUNNEL_STEPS.indexOf(step) - 1];
    // The first step has no wait to measure: nothing to read before claiming it.
    const milestones = before ? await readMilestones(userId) : {};
    if (milestones[step]) return;
    if (!(await claimMilestone(userId, step, now.toISOString()))) return;
    const since = before ? milestones[before] : undefined;
    const waitSeconds = since ? Math.max(0, (now.getTime() - Date.parse(since)) / 1000) : null;
    await addBusinessCounts(userId, utcDayOf(now), {
      [COUNTER.step(step)]: 1,
      ...(waitSeconds === null ? {} : { [COUNTER.wait(step, waitBucketOf(waitSeconds))]: 1 }),
    });
  });

/** A post was published, or failed for good, on a platform (counted by its company's shard). */
export const countPostOutcome = (
  companyId: string,
  platform: PlatformId,
  outcome: 'published' | 'failed',
  now: Date = new Date(),
): Promise<void> =>
  quietly(`post ${outcome}`, () =>
    addBusinessCounts(companyId, utcDayOf(now), {
      [outcome === 'published' ? COUNTER.published(platform) : COUNTER.failed(platform)]: 1,
    }),
  );

/** A company's trial started (+1) or stopped counting as a trial that will end (-1). */
export const countTrialEnding = (companyId: string, trialEndDate: string, by: 1 | -1) =>
  quietly('trial ending', () =>
    addBusinessCounts(companyId, utcDayOf(trialEndDate), { [COUNTER.trialsEnding]: by }),
  );

/** What of a company's plan the standing numbers read. */
export interface PayingFacts {
  subscriptionStatus?: SubscriptionStatus | null | undefined;
  stripeSubscriptionId?: string | null | undefined;
  subscriptionTier: TierId;
  trialEndDate?: string | null | undefined;
  deletedAt?: string | null | undefined;
}

const payingTierOf = (company: PayingFacts): TierId | null =>
  company.stripeSubscriptionId &&
  !company.deletedAt &&
  company.subscriptionStatus &&
  PAYING_STATUSES.includes(company.subscriptionStatus)
    ? company.subscriptionTier
    : null;

/**
 * A company's plan changed from `before` to `after` (one conditional write made the change, so
 * exactly one caller reports it): the companies paying per tier move, and a trial that turned
 * into a subscription before its end no longer counts among the trials ending.
 */
export const countPlanChange = (
  companyId: string,
  before: PayingFacts,
  after: PayingFacts,
  now: Date = new Date(),
): Promise<void> =>
  quietly('plan change', async () => {
    const [was, is] = [payingTierOf(before), payingTierOf(after)];
    if (was !== is) {
      await addBusinessCounts(companyId, null, {
        ...(was ? { [COUNTER.paying(was)]: -1 } : {}),
        ...(is ? { [COUNTER.paying(is)]: 1 } : {}),
      });
    }
    const trialEnd = after.trialEndDate ?? before.trialEndDate;
    if (trialEnd && Date.parse(trialEnd) > now.getTime() && Boolean(was) !== Boolean(is)) {
      await countTrialEnding(companyId, trialEnd, is ? -1 : 1);
    }
  });

/** A new company: the owner's funnel step, and its trial among the trials that will end. */
export const countCompanyCreated = async (
  company: PayingFacts & { companyId: string; userId: string },
): Promise<void> => {
  await reachFunnelStep(company.userId, 'companyCreated');
  if (company.trialEndDate) await countTrialEnding(company.companyId, company.trialEndDate, 1);
};

/** A deleted company no longer pays, nor has a trial that will end. */
export const countCompanyDeleted = async (
  company: PayingFacts & { companyId: string },
  now: Date = new Date(),
): Promise<void> => {
  if (payingTierOf(company)) {
    await countPlanChange(company.companyId, company, { ...company, deletedAt: now.toISOString() });
  } else if (company.trialEndDate && Date.parse(company.trialEndDate) > now.getTime()) {
    await countTrialEnding(company.companyId, company.trialEndDate, -1);
  }
};

/**
 * A post's publishing ended, published or failed: counted per platform on the day, and a first
 * publication is a step of its owner's funnel (the owner read from the company).
 */
export const countPublishOutcome = async (
  post: { companyId: string; platform: PlatformId },
  outcome: 'published' | 'failed',
  now: Date = new Date(),
): Promise<void> => {
  await countPostOutcome(post.companyId, post.platform, outcome, now);
  if (outcome !== 'published') return;
  await quietly('first post published', async () => {
    const { data: company } = await companyEntity().get({ companyId: post.companyId }).go();
    if (company) await reachFunnelStep(company.userId, 'firstPostPublished', now);
  });
};
