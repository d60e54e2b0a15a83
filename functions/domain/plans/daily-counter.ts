import type { ErrorCode } from '#shared/contract/errors';
import type { CompanyRecord } from '../../core/db/entities/company';
import { dailyCountEntity } from '../../core/db/entities/daily-count';
import { isConditionFailure } from '../../core/db/conditions';
import { RETRY_NOW, retryOnContention } from '../../core/db/contention';
import { companyTimeZone } from '../companies/company-time-zone';
import { RateLimited } from '../../core/errors';
import { logger } from '../../core/logger';
import { localDayOf } from './local-day';

/**
 * A company's daily allowance of something (AI campaign runs, image descriptions, generated
 * posts): at most `limit` uses per counting day, back at local midnight. Each use is one
 * conditional atomic update made before the work it guards, so however many requests arrive at
 * once the limit is never passed; a use whose work then failed through no fault of the owner can
 * be given back to the day it was counted on.
 *
 * A counting day is opened by its first use and keeps the end it was opened with: the next
 * midnight in the company's zone at that moment. Changing the zone therefore never starts a new
 * day early (spending the day and moving the company to a zone where it is still yesterday, or
 * already tomorrow, gains nothing), and the first day after a change ends at the new zone's first
 * midnight at least MIN_DAY_HOURS after the last day ended — so no zone change can make a day
 * shorter than a real one. In a zone that does not change, days are exactly its calendar days.
 */
export interface DailyRule {
  /** Names the counter in the table (`ai-campaign-runs`); never reused for another meaning. */
  readonly counter: string;
  readonly limit: number;
  /** The 429's code and message (its Retry-After is the seconds to the day's end). */
  readonly code: ErrorCode;
  readonly message: (reset: { timeZone: string; secondsToReset: number }) => string;
}

/** What a use took, and from which counting day: a refund gives it back to that same day. */
export interface DailySpend {
  companyId: string;
  counter: string;
  /** The counting day it was counted on, named by the instant it ends (ISO, UTC). */
  day: string;
  /** The day's total after this use. */
  used: number;
}

type DailyCompany = Pick<CompanyRecord, 'companyId' | 'timeZone'>;

/** One company's count of one allowance on one counting day. */
export type DayKey = Pick<DailySpend, 'companyId' | 'counter' | 'day'>;

/** The counting day a use falls on: its end, the zone it is counted in, its uses so far. */
export interface CountingDay {
  endsAt: Date;
  timeZone: string;
  used: number;
}

/**
 * A real day lasts 23 hours at the least (the day clocks spring forward); no counting day that
 * follows another is shorter than this.
 */
const MIN_DAY_HOURS = 23;
/** Leftover counters are removed by the TTL this long after their day has ended. */
const TTL_AFTER_DAY_SECONDS = 2 * 24 * 60 * 60;
/** A use that lost a race (a day opened, a refund made room) is tried again, a few times at most. */
const MAX_ROUNDS = 4;

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const dayName = (endsAt: Date) => endsAt.toISOString();

type StoredDay = { used: number; resetAt: number; timeZone: string };

/**
 * When a counting day opened at `now` in `timeZone` ends: the zone's next midnight, but never
 * sooner than MIN_DAY_HOURS after the day before it ended (`previous`, when there was one).
 */
export const countingDayEnd = (
  now: number,
  timeZone: string,
  previous?: Pick<StoredDay, 'resetAt'> | null,
): Date => {
  const next = localDayOf(now, timeZone).endsAt;
  if (!previous) return next;
  const earliest = previous.resetAt * 1000 + MIN_DAY_HOURS * 60 * 60 * 1000;
  // The first midnight of the zone at or after `earliest`.
  return next.getTime() >= earliest ? next : localDayOf(earliest - 1, timeZone).endsAt;
};

const readStored = async (companyId: string, counter: string): Promise<StoredDay | null> => {
  const { data } = await dailyCountEntity().get({ companyId, counter }).go({ consistent: true });
  return data;
};

/** The stored day, while it runs (null once it has ended, or when there is none). */
const runningDay = (stored: StoredDay | null, nowSeconds: number): CountingDay | null =>
  stored && stored.resetAt > nowSeconds
    ? { endsAt: new Date(stored.resetAt * 1000), timeZone: stored.timeZone, used: stored.used }
    : null;

/** The counting day `now` falls on for the company: the running one, or the one a use would open. */
export const countingDayOf = async (
  companyId: string,
  counter: string,
  timeZone: string,
  now: number = Date.now(),
): Promise<CountingDay> => {
  const stored = await readStored(companyId, counter);
  return (
    runningDay(stored, Math.floor(now / 1000)) ?? {
      endsAt: countingDayEnd(now, timeZone, stored),
      timeZone,
      used: 0,
    }
  );
};

export type AddOutcome =
  { added: true; day: CountingDay; name: string } | { added: false; day: CountingDay };

/**
 * Adds `count` uses to the company's counting day only if its total stays within `limit`, in one
 * conditional atomic update; when the day has ended, the first use opens the next one (a
 * conditional write too, so two requests cannot both open a day). `added: false` with the day as
 * seen when there is no room.
 */
export const addToDay = async (
  target: { companyId: string; counter: string; timeZone: string },
  count: number,
  limit: number,
  now: number = Date.now(),
): Promise<AddOutcome> => {
  const { companyId, counter, timeZone } = target;
  const nowSeconds = Math.floor(now / 1000);
  const key = { companyId, counter };
  return retryOnContention<AddOutcome>(
    { attempts: MAX_ROUNDS, exhausted: `Daily counter ${counter} stayed contended` },
    async (round) => {
      try {
        // The running day, while it has room.
        const { data } = await dailyCountEntity()
          .patch(key)
          .add({ used: count })
          .where(
            (attr, op) =>
              `${op.gt(attr.resetAt, nowSeconds)} AND ${op.lte(attr.used, limit - count)}`,
          )
          .go({ response: 'all_new' });
        const endsAt = new Date(data.resetAt * 1000);
        return {
          added: true,
          name: dayName(endsAt),
          day: { endsAt, timeZone: data.timeZone, used: data.used },
        };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const stored = await readStored(companyId, counter);
      const day = runningDay(stored, nowSeconds);
      if (day) {
        // A refund may have made room since the refusal: look again, a few times at most.
        if (day.used + count > limit || round >= MAX_ROUNDS) return { added: false, day };
        return RETRY_NOW;
      }
      if (count > limit) {
        return {
          added: false,
          day: { endsAt: countingDayEnd(now, timeZone, stored), timeZone, used: 0 },
        };
      }
      // No day is running: this use opens the next one, unless another request just did.
      const endsAt = countingDayEnd(now, timeZone, stored);
      const resetAt = toSeconds(endsAt);
      try {
        await dailyCountEntity()
          .put({
            companyId,
            counter,
            used: count,
            resetAt,
            timeZone,
            expiresAt: resetAt + TTL_AFTER_DAY_SECONDS,
          })
          .where((attr, op) =>
            stored ? op.eq(attr.resetAt, stored.resetAt) : op.notExists(attr.resetAt),
          )
          .go({ response: 'none' });
        return { added: true, name: dayName(endsAt), day: { endsAt, timeZone, used: count } };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Another request opened the day meanwhile: count in it.
        return RETRY_NOW;
      }
    },
  );
};

/**
 * Gives `count` uses back to the counting day they were counted on; nothing when that day has
 * ended (a later day is never credited), and the count never goes below zero.
 */
export const giveBackToDay = async (key: DayKey, count = 1): Promise<void> => {
  const resetAt = toSeconds(new Date(key.day));
  try {
    await dailyCountEntity()
      .patch({ companyId: key.companyId, counter: key.counter })
      .add({ used: -count })
      .where((attr, op) => `${op.eq(attr.resetAt, resetAt)} AND ${op.gte(attr.used, count)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The day has ended, or holds less than this: there is nothing to give back.
    logger.warn('A daily allowance refund found nothing to give back', { ...key, count });
  }
};

/** Counts one use for the company's counting day, or throws the rule's 429. */
export const spendDaily = async (
  rule: DailyRule,
  company: DailyCompany,
  now: number = Date.now(),
): Promise<DailySpend> => {
  const target = {
    companyId: company.companyId,
    counter: rule.counter,
    timeZone: companyTimeZone(company),
  };
  const refusal = (day: CountingDay) => {
    const secondsToReset = Math.max(1, Math.ceil((day.endsAt.getTime() - now) / 1000));
    return new RateLimited(
      rule.code,
      rule.message({ timeZone: day.timeZone, secondsToReset }),
      secondsToReset,
    );
  };
  if (rule.limit < 1) {
    throw refusal(await countingDayOf(target.companyId, rule.counter, target.timeZone, now));
  }
  const outcome = await addToDay(target, 1, rule.limit, now);
  if (!outcome.added) throw refusal(outcome.day);
  return {
    companyId: company.companyId,
    counter: rule.counter,
    day: outcome.name,
    used: outcome.day.used,
  };
};

/** Gives one use back to the counting day it was counted on. */
export const refundDaily = (spend: DayKey): Promise<void> => giveBackToDay(spend);

/** How many uses the company's counting day holds now. */
export const usedToday = async (
  rule: Pick<DailyRule, 'counter'>,
  company: DailyCompany,
  now: number = Date.now(),
): Promise<number> =>
  (await countingDayOf(company.companyId, rule.counter, companyTimeZone(company), now)).used;
