import type { ErrorCode } from '#shared/contract/errors';
import type { CompanyRecord } from '../db/entities/company';
import { dailyCountEntity } from '../db/entities/daily-count';
import { isConditionFailure } from '../db/conditions';
import { companyTimeZone } from '../companies/company-time-zone';
import { RateLimited } from '../errors';
import { logger } from '../logger';
import { localDayOf } from '../plans/local-day';

/**
 * A company's daily allowance of something (AI campaign runs, image descriptions): at most `limit`
 * uses per calendar day in the company's time zone, back at local midnight. Each use is one
 * conditional atomic update made before the work it guards, so however many requests arrive at
 * once the limit is never passed; a use whose work then failed through no fault of the owner can
 * be given back to the day it was counted on.
 */
export interface DailyRule {
  /** Names the counter in the table (`ai-campaign-runs`); never reused for another meaning. */
  readonly counter: string;
  readonly limit: number;
  /** The 429's code and message (its Retry-After is the seconds to local midnight). */
  readonly code: ErrorCode;
  readonly message: (reset: { timeZone: string; secondsToReset: number }) => string;
}

/** What a use took, and from which day: a refund gives it back to that same day. */
export interface DailySpend {
  companyId: string;
  counter: string;
  /** The local day (`yyyy-MM-dd`) it was counted on. */
  day: string;
  /** The day's total after this use. */
  used: number;
}

type DailyCompany = Pick<CompanyRecord, 'companyId' | 'timeZone'>;

/** One company's count of one allowance on one local day. */
export type DayKey = Pick<DailySpend, 'companyId' | 'counter' | 'day'>;

/** Leftover counters are removed by the TTL this long after their day has ended. */
const TTL_AFTER_DAY_SECONDS = 2 * 24 * 60 * 60;
/** A use refused while a refund made room is tried again, a few times at most. */
const MAX_ROUNDS = 3;

/** How many uses the day's counter holds (0 when it has none). */
export const readDay = async (key: DayKey): Promise<number> => {
  const { data } = await dailyCountEntity().get(key).go({ consistent: true });
  return data?.used ?? 0;
};

/**
 * Adds `count` uses to the day only if its total stays within `limit`, in one conditional atomic
 * update; `added: false` with the total seen when there is no room. `endsAt` is the day's local
 * midnight, after which the counter no longer applies.
 */
export const addToDay = async (
  key: DayKey,
  count: number,
  limit: number,
  endsAt: Date,
): Promise<{ added: boolean; used: number }> => {
  const resetAt = Math.floor(endsAt.getTime() / 1000);
  for (let round = 1; ; round++) {
    try {
      const { data } = await dailyCountEntity()
        .update(key)
        .add({ used: count })
        .set({ resetAt, expiresAt: resetAt + TTL_AFTER_DAY_SECONDS })
        .where((attr, op) => `${op.notExists(attr.used)} OR ${op.lte(attr.used, limit - count)}`)
        .go({ response: 'all_new' });
      return { added: true, used: data.used ?? count };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    // A refund may have made room since the refusal: try again, a few times at most.
    const used = await readDay(key);
    if (used + count > limit || round >= MAX_ROUNDS) return { added: false, used };
  }
};

/** Gives `count` uses back to the day they were counted on; the count never goes below zero. */
export const giveBackToDay = async (key: DayKey, count = 1): Promise<void> => {
  try {
    await dailyCountEntity()
      .patch({ companyId: key.companyId, counter: key.counter, day: key.day })
      .add({ used: -count })
      .where((attr, op) => op.gte(attr.used, count))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The day's counter has expired, or holds less than this: there is nothing to give back.
    logger.warn('A daily allowance refund found nothing to give back', { ...key, count });
  }
};

/** Counts one use for today (the company's day), or throws the rule's 429. */
export const spendDaily = async (
  rule: DailyRule,
  company: DailyCompany,
  now: number = Date.now(),
): Promise<DailySpend> => {
  const timeZone = companyTimeZone(company);
  const { day, endsAt } = localDayOf(now, timeZone);
  const secondsToReset = Math.max(1, Math.ceil((endsAt.getTime() - now) / 1000));
  const refusal = () =>
    new RateLimited(rule.code, rule.message({ timeZone, secondsToReset }), secondsToReset);
  if (rule.limit < 1) throw refusal();
  const key = { companyId: company.companyId, counter: rule.counter, day };
  const { added, used } = await addToDay(key, 1, rule.limit, endsAt);
  if (!added) throw refusal();
  return { ...key, used };
};

/** Gives one use back to the day it was counted on. */
export const refundDaily = (spend: DayKey): Promise<void> => giveBackToDay(spend);

/** How many uses the company has made today (its zone). */
export const usedToday = async (
  rule: Pick<DailyRule, 'counter'>,
  company: DailyCompany,
  now: number = Date.now(),
): Promise<number> =>
  readDay({
    companyId: company.companyId,
    counter: rule.counter,
    day: localDayOf(now, companyTimeZone(company)).day,
  });
