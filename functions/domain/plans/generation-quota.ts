import { zoneName } from '#shared/domain/time-zones';
import { TIERS } from '#shared/domain/tiers';
import type { CompanyRecord } from '../../core/db/entities/company';
import { LimitReached, RateLimited } from '../../core/errors';
import { addToDay, countingDayOf, giveBackToDay, type CountingDay } from './daily-counter';
import { waitText } from '../../core/limits/wait-text';
import {
  companyEffectiveTier,
  companyEntitlement,
  ensureMayGenerate,
  type CompanyPlan,
} from './entitlement';
import { companyTimeZone } from '../companies/company-time-zone';

/**
 * The daily AI generation limit of each tier (intro 1, silver 3, gold 5, platinum 10), counted in
 * generated posts per company per day in the company's time zone (a counting day of
 * functions/domain/plans/daily-counter.ts, which a change of zone cannot cut short). Every AI generation
 * spends here before it calls the model: one conditional update adds the posts only if the day's
 * total stays within the limit, so however many requests arrive at once, the limit is never
 * passed; a request for more than is left is refused as a whole.
 */

/** The daily counter (functions/domain/plans/daily-counter.ts) the generated posts are counted on. */
export const GENERATIONS_COUNTER = 'ai-generations';

export type QuotaCompany = CompanyPlan & Pick<CompanyRecord, 'companyId' | 'timeZone'>;

/** What a spend took, and from which day: a refund gives it back to that same day. */
export interface GenerationSpend {
  companyId: string;
  /** The counting day the posts were counted on, named by the instant it ends (ISO, UTC). */
  day: string;
  count: number;
  /** The day's total after this spend. */
  used: number;
  limit: number;
  /** When the counting day ends: a local midnight (ISO, UTC). */
  resetsAt: string;
}

/** Today's use as the usage route shows it. */
export interface GenerationUsage {
  used: number;
  limit: number;
  resetsAt: string;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * Why a generation is refused, naming the limit, the plan and when it resets:
 * "You've used today's 5 AI generations on the Gold plan. They reset at midnight
 * (Chicago time), in 3 hours."
 */
export const generationLimitMessage = (input: {
  limit: number;
  planName: string;
  timeZone: string;
  used: number;
  requested: number;
  secondsToReset: number;
}): string => {
  const { limit, planName, timeZone, used, requested, secondsToReset } = input;
  if (requested > limit) {
    return `This needs ${requested} AI generations, more than the ${planName} plan allows in a day (${limit}).`;
  }
  const remaining = Math.max(0, limit - used);
  const reset = `at midnight (${zoneName(timeZone)}), in ${waitText(secondsToReset)}`;
  if (remaining === 0) {
    return limit === 1
      ? `You've used today's AI generation on the ${planName} plan. It resets ${reset}.`
      : `You've used today's ${limit} AI generations on the ${planName} plan. They reset ${reset}.`;
  }
  return `This needs ${requested} AI generations, and only ${remaining} of today's ${limit} on the ${planName} plan ${plural(remaining, 'is', 'are')} left. They reset ${reset}.`;
};

const planOf = (company: QuotaCompany, now: number) => {
  const tier = TIERS[companyEffectiveTier(company, now)];
  return { tier, limit: tier.dailyGenerationLimit };
};

const secondsUntil = (day: CountingDay, now: number) =>
  Math.max(1, Math.ceil((day.endsAt.getTime() - now) / 1000));

/**
 * Counts `count` generated posts against today's limit (in the company's time zone), or refuses
 * them all: 402 SUBSCRIPTION_REQUIRED for a lapsed trial or subscription, 429
 * GENERATION_LIMIT_REACHED (Retry-After: the seconds to local midnight) when fewer than `count`
 * are left. Spend before calling the model; refund (`refundGenerations`) if the generation then
 * fails.
 */
export const spendGenerations = async (
  company: QuotaCompany,
  count = 1,
  now: number = Date.now(),
): Promise<GenerationSpend> => {
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`A generation spend must be a positive whole number, not ${count}`);
  }
  ensureMayGenerate(company, now);
  const { tier, limit } = planOf(company, now);
  const timeZone = companyTimeZone(company);
  const refusal = (day: CountingDay) => {
    const secondsToReset = secondsUntil(day, now);
    const message = generationLimitMessage({
      limit,
      planName: tier.name,
      timeZone: day.timeZone,
      used: day.used,
      requested: count,
      secondsToReset,
    });
    // Waiting for midnight cannot help a request larger than a whole day's limit.
    return count > limit
      ? new LimitReached('GENERATION_LIMIT_REACHED', message)
      : new RateLimited('GENERATION_LIMIT_REACHED', message, secondsToReset);
  };
  if (count > limit) {
    throw refusal(await countingDayOf(company.companyId, GENERATIONS_COUNTER, timeZone, now));
  }

  const outcome = await addToDay(
    { companyId: company.companyId, counter: GENERATIONS_COUNTER, timeZone },
    count,
    limit,
    now,
  );
  if (!outcome.added) throw refusal(outcome.day);
  return {
    companyId: company.companyId,
    day: outcome.name,
    count,
    used: outcome.day.used,
    limit,
    resetsAt: outcome.day.endsAt.toISOString(),
  };
};

/**
 * Gives back what a generation spent when it failed before producing its posts (all of them, or
 * `count` of them), to the day it was spent on. The count never goes below zero.
 */
export const refundGenerations = async (
  spend: Pick<GenerationSpend, 'companyId' | 'day' | 'count'>,
  count: number = spend.count,
): Promise<void> => {
  if (!Number.isInteger(count) || count < 1 || count > spend.count) {
    throw new Error(`A refund must be between 1 and the ${spend.count} spent, not ${count}`);
  }
  await giveBackToDay(
    { companyId: spend.companyId, counter: GENERATIONS_COUNTER, day: spend.day },
    count,
  );
};

/**
 * Today's generations in the company's time zone: how many were used, how many the plan allows
 * (none while the trial or subscription has lapsed), and when the count starts again.
 */
export const generationsUsedToday = async (
  company: QuotaCompany,
  now: number = Date.now(),
): Promise<GenerationUsage> => {
  const { limit } = planOf(company, now);
  const lapsed = companyEntitlement(company, now).kind === 'lapsed';
  const day = await countingDayOf(
    company.companyId,
    GENERATIONS_COUNTER,
    companyTimeZone(company),
    now,
  );
  return { used: day.used, limit: lapsed ? 0 : limit, resetsAt: day.endsAt.toISOString() };
};
