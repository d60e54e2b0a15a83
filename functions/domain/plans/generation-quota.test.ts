import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LAPSED_MESSAGES } from '#shared/domain/subscription';
import type { TierId } from '#shared/domain/tiers';
import { useLocalTable } from '#test/support/local-table';
import { dailyCountEntity } from '../../core/db/entities/daily-count';
import { DomainError, LimitReached, RateLimited } from '../../core/errors';
import {
  GENERATIONS_COUNTER,
  generationLimitMessage,
  generationsUsedToday,
  refundGenerations,
  spendGenerations,
  type QuotaCompany,
} from './generation-quota';

const at = (iso: string) => Date.parse(iso);

const company = (
  tier: TierId,
  overrides: Partial<QuotaCompany> = {},
  timeZone = 'America/Chicago',
): QuotaCompany => ({
  companyId: randomUUID(),
  timeZone,
  subscriptionTier: tier,
  founder: false,
  trialEndDate: '2026-01-01T00:00:00.000Z',
  ...(tier === 'intro' ? {} : { stripeSubscriptionId: 'sub_1', subscriptionStatus: 'active' }),
  ...overrides,
});
/** A new company's trial, still running at every instant these tests use. */
const onTrial = (timeZone = 'America/Chicago') =>
  company('intro', { trialEndDate: '2030-01-01T00:00:00.000Z' }, timeZone);

const refusalOf = async (spend: Promise<unknown>) => {
  try {
    await spend;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error;
  }
  throw new Error('the spend was not refused');
};

describe('generationLimitMessage', () => {
  const base = { timeZone: 'America/Chicago', secondsToReset: 3 * 3600 - 100 };

  it('names the limit, the plan and when it resets', () => {
    expect(
      generationLimitMessage({ ...base, limit: 5, planName: 'Gold', used: 5, requested: 1 }),
    ).toBe(
      "You've used today's 5 AI generations on the Gold plan. They reset at midnight (Chicago time), in 3 hours.",
    );
    expect(
      generationLimitMessage({
        ...base,
        secondsToReset: 45 * 60,
        limit: 1,
        planName: 'Intro',
        used: 1,
        requested: 1,
      }),
    ).toBe(
      "You've used today's AI generation on the Intro plan. It resets at midnight (Chicago time), in 45 minutes.",
    );
  });

  it('says how many are left when a request needs more than that', () => {
    expect(
      generationLimitMessage({ ...base, limit: 10, planName: 'Platinum', used: 9, requested: 3 }),
    ).toBe(
      "This needs 3 AI generations, and only 1 of today's 10 on the Platinum plan is left. They reset at midnight (Chicago time), in 3 hours.",
    );
    expect(
      generationLimitMessage({ ...base, limit: 5, planName: 'Gold', used: 2, requested: 4 }),
    ).toContain("only 3 of today's 5 on the Gold plan are left");
    expect(
      generationLimitMessage({ ...base, limit: 3, planName: 'Silver', used: 0, requested: 4 }),
    ).toBe('This needs 4 AI generations, more than the Silver plan allows in a day (3).');
  });
});

/** Against DynamoDB Local: the conditional update is the point, so nothing stands in for it. */
describe('the daily generation counter', () => {
  useLocalTable();

  it('lets exactly the limit through when 20 generations are asked for at once', async () => {
    const platinum = company('platinum');
    const now = at('2026-06-10T15:00:00Z');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => spendGenerations(platinum, 1, now)),
    );
    const spent = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
    );
    expect(spent).toHaveLength(10);
    expect(spent.map((outcome) => outcome.value.used).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(refused).toHaveLength(10);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RateLimited);
      expect(error).toMatchObject({ code: 'GENERATION_LIMIT_REACHED' });
    }
    expect(await generationsUsedToday(platinum, now)).toEqual({
      used: 10,
      limit: 10,
      resetsAt: '2026-06-11T05:00:00.000Z',
    });
  });

  it('never goes over with mixed sizes at once: each request is counted whole or not at all', async () => {
    const gold = company('gold');
    const now = at('2026-06-10T15:00:00Z');
    const sizes = [2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3];
    const outcomes = await Promise.allSettled(
      sizes.map((size) => spendGenerations(gold, size, now)),
    );
    const spent = sizes.filter((_, index) => outcomes[index]!.status === 'fulfilled');
    const total = spent.reduce((sum, size) => sum + size, 0);
    expect(total).toBeLessThanOrEqual(5);
    expect((await generationsUsedToday(gold, now)).used).toBe(total);
  });

  it('refuses past the limit with the seconds to local midnight, and counts nothing for it', async () => {
    const intro = onTrial();
    const now = at('2026-06-10T21:00:00Z'); // 16:00 in Chicago: 8 hours to midnight
    expect(await spendGenerations(intro, 1, now)).toEqual({
      companyId: intro.companyId,
      day: '2026-06-11T05:00:00.000Z',
      count: 1,
      used: 1,
      limit: 1,
      resetsAt: '2026-06-11T05:00:00.000Z',
    });
    const refused = await refusalOf(spendGenerations(intro, 1, now));
    expect(refused).toBeInstanceOf(RateLimited);
    expect(refused).toMatchObject({
      code: 'GENERATION_LIMIT_REACHED',
      message:
        "You've used today's AI generation on the Intro plan. It resets at midnight (Chicago time), in 8 hours.",
      retryAfterSeconds: 8 * 3600,
    });
    expect((await generationsUsedToday(intro, now)).used).toBe(1);
  });

  it('refuses a request for more than is left as a whole, and one larger than a day outright', async () => {
    const gold = company('gold');
    const now = at('2026-06-10T15:00:00Z');
    await spendGenerations(gold, 3, now);
    const tooMany = await refusalOf(spendGenerations(gold, 3, now));
    expect(tooMany.message).toBe(
      "This needs 3 AI generations, and only 2 of today's 5 on the Gold plan are left. They reset at midnight (Chicago time), in 14 hours.",
    );
    expect((await generationsUsedToday(gold, now)).used).toBe(3);
    expect((await spendGenerations(gold, 2, now)).used).toBe(5);

    const beyond = await refusalOf(spendGenerations(company('gold'), 6, now));
    expect(beyond).toBeInstanceOf(LimitReached);
    expect(beyond).not.toBeInstanceOf(RateLimited);
    expect(beyond.code).toBe('GENERATION_LIMIT_REACHED');
  });

  it('starts again at local midnight, not at UTC midnight', async () => {
    const silver = company('silver');
    // 23:59:30 on 10 June in Chicago is already 11 June in UTC.
    const beforeMidnight = at('2026-06-11T04:59:30Z');
    await spendGenerations(silver, 3, beforeMidnight);
    const refused = await refusalOf(spendGenerations(silver, 1, beforeMidnight));
    expect(refused).toMatchObject({ retryAfterSeconds: 30 });
    expect(refused.message).toContain('They reset at midnight (Chicago time), in 30 seconds.');

    const afterMidnight = at('2026-06-11T05:00:00Z');
    expect(await generationsUsedToday(silver, afterMidnight)).toEqual({
      used: 0,
      limit: 3,
      resetsAt: '2026-06-12T05:00:00.000Z',
    });
    expect((await spendGenerations(silver, 3, afterMidnight)).day).toBe('2026-06-12T05:00:00.000Z');
  });

  it('counts a 23-hour day (clocks spring forward) to its real end', async () => {
    const gold = company('gold');
    // 00:30 CST on 8 March 2026; at 02:00 the clocks jump to 03:00 CDT, so midnight comes 22.5 h later.
    const earlyMorning = at('2026-03-08T06:30:00Z');
    await spendGenerations(gold, 5, earlyMorning);
    const refused = await refusalOf(spendGenerations(gold, 1, earlyMorning));
    expect(refused).toMatchObject({ retryAfterSeconds: 22.5 * 3600 });
    expect((await generationsUsedToday(gold, earlyMorning)).resetsAt).toBe(
      '2026-03-09T05:00:00.000Z',
    );
    // One minute before the day ends it is still spent; at its end it starts again.
    await expect(spendGenerations(gold, 1, at('2026-03-09T04:59:00Z'))).rejects.toBeInstanceOf(
      RateLimited,
    );
    expect((await spendGenerations(gold, 1, at('2026-03-09T05:00:00Z'))).day).toBe(
      '2026-03-10T05:00:00.000Z',
    );
  });

  it("counts each company's day in its own zone", async () => {
    const now = at('2026-06-10T20:00:00Z'); // 15:00 in Chicago, 05:00 the next day in Tokyo
    const tokyo = onTrial('Asia/Tokyo');
    expect((await spendGenerations(tokyo, 1, now)).day).toBe('2026-06-11T15:00:00.000Z');
    expect((await generationsUsedToday(tokyo, now)).resetsAt).toBe('2026-06-11T15:00:00.000Z');
    expect((await spendGenerations(onTrial(), 1, now)).day).toBe('2026-06-11T05:00:00.000Z');
  });

  it('gives a failed generation back to the day it was spent on', async () => {
    const silver = company('silver');
    const now = at('2026-06-10T15:00:00Z');
    const spend = await spendGenerations(silver, 3, now);
    await refundGenerations(spend, 2);
    expect((await generationsUsedToday(silver, now)).used).toBe(1);
    expect((await spendGenerations(silver, 2, now)).used).toBe(3);

    // Refunded after midnight: the day it was spent on has ended, so today's count is untouched.
    const other = company('silver');
    const yesterday = await spendGenerations(other, 1, now);
    const nextDay = at('2026-06-11T15:00:00Z');
    await spendGenerations(other, 2, nextDay);
    await refundGenerations(yesterday);
    expect((await generationsUsedToday(other, nextDay)).used).toBe(2);
    // A refund to a day that was never counted gives nothing back and fails nothing.
    await refundGenerations({ ...yesterday, day: '2026-06-13T05:00:00.000Z' });
    expect((await generationsUsedToday(other, nextDay)).used).toBe(2);
  });

  it('keeps the counter a couple of days past its day, then lets the TTL remove it', async () => {
    const intro = onTrial();
    const spend = await spendGenerations(intro, 1, at('2026-06-10T15:00:00Z'));
    const { data } = await dailyCountEntity()
      .get({ companyId: intro.companyId, counter: GENERATIONS_COUNTER })
      .go({ consistent: true });
    const midnight = Date.parse('2026-06-11T05:00:00Z') / 1000;
    expect(spend.day).toBe('2026-06-11T05:00:00.000Z');
    expect(data).toMatchObject({
      used: 1,
      resetAt: midnight,
      timeZone: 'America/Chicago',
      expiresAt: midnight + 2 * 86_400,
    });
  });

  it('refuses a lapsed trial or subscription before counting anything', async () => {
    const now = at('2026-06-10T15:00:00Z');
    const expired = company('intro', { trialEndDate: '2026-06-01T00:00:00.000Z' });
    expect(await refusalOf(spendGenerations(expired, 1, now))).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: LAPSED_MESSAGES['trial-ended'],
    });
    expect(await generationsUsedToday(expired, now)).toEqual({
      used: 0,
      limit: 0,
      resetsAt: '2026-06-11T05:00:00.000Z',
    });
    const unpaid = company('gold', { subscriptionStatus: 'unpaid' });
    expect((await refusalOf(spendGenerations(unpaid, 1, now))).code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it("gives a founder's company intro's one a day, and an unpaid tier nothing more than intro", async () => {
    const now = at('2026-06-10T15:00:00Z');
    const founder = company('intro', { founder: true, trialEndDate: undefined });
    await spendGenerations(founder, 1, now);
    expect((await refusalOf(spendGenerations(founder, 1, now))).message).toContain(
      'on the Intro plan',
    );
    // A founder who once bought gold and cancelled: intro's limit again, not gold's.
    const cancelled = company('gold', { founder: true, subscriptionStatus: 'canceled' });
    expect(await generationsUsedToday(cancelled, now)).toMatchObject({ limit: 1 });
  });

  /** A company that changes its time zone gets no more than a company that does not. */
  describe('across changes of time zone', () => {
    it('keeps the day it was opened in: moving the company where it is still yesterday, or already tomorrow, gains nothing', async () => {
      const chicago = company('gold');
      const now = at('2026-06-10T15:00:00Z'); // 10:00 in Chicago
      await spendGenerations(chicago, 5, now);
      for (const timeZone of ['Etc/GMT+12', 'Pacific/Kiritimati', 'UTC', 'Asia/Tokyo']) {
        const moved = { ...chicago, timeZone };
        const refused = await refusalOf(spendGenerations(moved, 1, now));
        expect(refused, timeZone).toBeInstanceOf(RateLimited);
        // The refusal names the day's own zone and end: Chicago's midnight, 14 hours away.
        expect(refused, timeZone).toMatchObject({ retryAfterSeconds: 14 * 3600 });
        expect(refused.message, timeZone).toContain('at midnight (Chicago time), in 14 hours');
        expect(await generationsUsedToday(moved, now), timeZone).toEqual({
          used: 5,
          limit: 5,
          resetsAt: '2026-06-11T05:00:00.000Z',
        });
      }
    });

    it('makes the first day after a change last at least 23 hours, never a short extra day', async () => {
      const chicago = company('gold');
      await spendGenerations(chicago, 5, at('2026-06-10T15:00:00Z'));
      // Moved two hours west: its next midnight comes 2 hours after Chicago's. Without the floor,
      // a 2-hour day would open at Chicago's midnight with five more generations in it.
      const hawaii = { ...chicago, timeZone: 'Pacific/Honolulu' };
      const afterChicagoMidnight = at('2026-06-11T05:30:00Z');
      const spend = await spendGenerations(hawaii, 5, afterChicagoMidnight);
      expect(spend.resetsAt).toBe('2026-06-12T10:00:00.000Z'); // Honolulu's midnight a day later
      const refused = await refusalOf(spendGenerations(hawaii, 1, at('2026-06-11T10:30:00Z')));
      expect(refused.message).toContain('at midnight (Honolulu time)');
      // From then on, its days are Honolulu's calendar days.
      expect((await spendGenerations(hawaii, 1, at('2026-06-12T10:00:00Z'))).resetsAt).toBe(
        '2026-06-13T10:00:00.000Z',
      );
    });

    it('moved east, the first day after a change ends at the new zone’s midnight', async () => {
      const chicago = company('gold');
      await spendGenerations(chicago, 5, at('2026-06-10T15:00:00Z'));
      const newYork = { ...chicago, timeZone: 'America/New_York' };
      // New York's next midnight after Chicago's is 23 hours later: a day as long as a short real one.
      const spend = await spendGenerations(newYork, 1, at('2026-06-11T05:00:00Z'));
      expect(spend.resetsAt).toBe('2026-06-12T04:00:00.000Z');
    });

    it('gives a company that hops between zones every hour for ten days no more than one day’s allowance per 23 hours', async () => {
      const hopper = company('gold');
      const zones = ['Etc/GMT+12', 'Pacific/Kiritimati', 'America/Chicago', 'Asia/Kolkata', 'UTC'];
      const start = at('2026-06-10T00:00:00Z');
      const hours = 10 * 24;
      let accepted = 0;
      let seed = 7;
      for (let hour = 0; hour < hours; hour++) {
        seed = (seed * 48_271) % 2_147_483_647;
        const moved = { ...hopper, timeZone: zones[seed % zones.length]! };
        try {
          await spendGenerations(moved, 5, start + hour * 3600_000);
          accepted += 5;
        } catch (error) {
          if (!(error instanceof RateLimited)) throw error;
        }
      }
      // Counting by the calendar day of whichever zone it had would let through up to 25 a day.
      expect(accepted).toBeLessThanOrEqual(5 * Math.ceil(hours / 23));
      // And never starves it: a day lasts at most two (one zone's midnight to another's a day later).
      expect(accepted).toBeGreaterThanOrEqual(5 * Math.floor(hours / 48));
    }, 60_000); // 240 spends against DynamoDB Local, one after another
  });
});
