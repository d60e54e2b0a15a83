import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COUNTER, funnelOf, payingOf, utcDayOf } from '#shared/domain/business-numbers';
import { useLocalTable } from '#test/support/local-table';
import {
  BUSINESS_COUNT_SHARDS,
  businessShardOf,
  readBusinessDays,
  readStandingCounts,
} from '../../core/db/business-counts';
import { readMilestones } from '../../core/db/account-milestones';
import {
  countCompanyDeleted,
  countPlanChange,
  countPostOutcome,
  countTrialEnding,
  reachFunnelStep,
} from './business-counts';

/** The business's counters against DynamoDB Local: sharded, summed, each step once per account. */
describe('business counts', () => {
  useLocalTable();

  it('counts a step of the funnel once per account, however often it happens', async () => {
    const userId = randomUUID();
    const signedUp = new Date('2031-05-01T10:00:00Z');
    const verified = new Date('2031-05-01T10:03:00Z');
    await reachFunnelStep(userId, 'signedUp', signedUp);
    await Promise.all([
      reachFunnelStep(userId, 'phoneVerified', verified),
      reachFunnelStep(userId, 'phoneVerified', verified),
      reachFunnelStep(userId, 'phoneVerified', new Date('2031-05-02T09:00:00Z')),
    ]);
    expect(await readMilestones(userId)).toEqual({
      signedUp: signedUp.toISOString(),
      phoneVerified: verified.toISOString(),
    });
    const days = await readBusinessDays('2031-05-01', '2031-05-02');
    const funnel = funnelOf([...days.values()]);
    expect(funnel.find((row) => row.step === 'phoneVerified')).toEqual({
      step: 'phoneVerified',
      count: 1,
      // Three minutes after signing up: the 1–5 minute bucket.
      medianWait: { fromSeconds: 60, toSeconds: 300 },
    });
    expect(days.has('2031-05-02')).toBe(false);
  });

  it('spreads one day over shards by writer, and sums them when read', async () => {
    const companies = Array.from({ length: 40 }, () => randomUUID());
    const at = new Date('2031-06-01T12:00:00Z');
    await Promise.all(companies.map((id) => countPostOutcome(id, 'twitter', 'published', at)));
    await countPostOutcome(companies[0]!, 'linkedin', 'failed', at);
    const shards = new Set(companies.map(businessShardOf));
    expect(shards.size).toBeGreaterThan(BUSINESS_COUNT_SHARDS / 2);
    const days = await readBusinessDays('2031-06-01', '2031-06-01');
    expect(days.get('2031-06-01')).toEqual({
      [COUNTER.published('twitter')]: 40,
      [COUNTER.failed('linkedin')]: 1,
    });
  });

  it('moves the paying companies per tier with each plan change, and trials out of the week', async () => {
    const now = new Date();
    const trialEnd = new Date(now.getTime() + 3 * 86_400_000).toISOString();
    const companyId = randomUUID();
    const before = await readStandingCounts();
    const trial = { subscriptionTier: 'intro' as const, trialEndDate: trialEnd };
    await countTrialEnding(companyId, trialEnd, 1);
    const paying = {
      ...trial,
      subscriptionTier: 'gold' as const,
      stripeSubscriptionId: 'sub_1',
      subscriptionStatus: 'active' as const,
    };
    await countPlanChange(companyId, trial, paying, now);
    const upgraded = { ...paying, subscriptionTier: 'platinum' as const };
    await countPlanChange(companyId, paying, upgraded, now);
    const after = await readStandingCounts();
    const tiersOf = (counts: Record<string, number>) => payingOf(counts).byTier;
    expect(tiersOf(after).platinum - tiersOf(before).platinum).toBe(1);
    expect(tiersOf(after).gold - tiersOf(before).gold).toBe(0);
    // Subscribed before its trial's end: no longer a trial ending this week.
    const week = await readBusinessDays(utcDayOf(now), utcDayOf(trialEnd));
    expect(week.get(utcDayOf(trialEnd))?.[COUNTER.trialsEnding]).toBe(0);

    await countCompanyDeleted({ ...upgraded, companyId }, now);
    expect(tiersOf(await readStandingCounts()).platinum).toBe(tiersOf(before).platinum);
  });
});
