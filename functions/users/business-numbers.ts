import type { BusinessNumbers, BusinessRangeQuery } from '#shared/contract/admin';
import {
  COUNTER,
  FUNNEL_STEP_LABELS,
  TRIAL_WEEK_DAYS,
  dayRowOf,
  daysBetween,
  funnelOf,
  payingOf,
  utcDayOf,
} from '#shared/domain/business-numbers';
import { PLATFORM_IDS, TIER_IDS, TIERS, platformName } from '#shared/domain/tiers';
import { readBusinessDays, readStandingCounts } from '../core/db/business-counts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without a range, the last 30 days, today included. */
const DEFAULT_RANGE_DAYS = 30;

/** The range asked for, or its defaults: up to today, 30 days long. */
export const rangeOf = (
  query: BusinessRangeQuery,
  now: Date = new Date(),
): { from: string; to: string } => {
  const to = query.to ?? (query.from && query.from > utcDayOf(now) ? query.from : utcDayOf(now));
  const from =
    query.from ?? utcDayOf(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  return { from, to: to < from ? from : to };
};

/**
 * The admin page's numbers: the range's days (one query per counter shard), the standing counts
 * (one batch read) and the trials ending in the coming week (one query per shard) — never a scan.
 */
export const businessNumbers = async (
  query: BusinessRangeQuery,
  now: Date = new Date(),
): Promise<BusinessNumbers> => {
  const { from, to } = rangeOf(query, now);
  const today = utcDayOf(now);
  const weekEnd = utcDayOf(now.getTime() + (TRIAL_WEEK_DAYS - 1) * DAY_MS);
  const [days, standing, week] = await Promise.all([
    readBusinessDays(from, to),
    readStandingCounts(),
    readBusinessDays(today, weekEnd),
  ]);
  const range = daysBetween(from, to);
  const countsOf = (day: string) => days.get(day) ?? {};
  return {
    from,
    to,
    funnel: funnelOf(range.map(countsOf)),
    days: range.map((day) => dayRowOf(day, countsOf(day))),
    paying: payingOf(standing),
    trialsEndingThisWeek: Math.max(
      0,
      [...week.values()].reduce((sum, counts) => sum + (counts[COUNTER.trialsEnding] ?? 0), 0),
    ),
  };
};

/** A wait range in words for the CSV ("1h–2h", "30d+"). */
const waitText = (wait: BusinessNumbers['funnel'][number]['medianWait']): string => {
  if (!wait) return '';
  const short = (seconds: number) =>
    seconds < 3600
      ? `${Math.round(seconds / 60)}m`
      : seconds < 86_400
        ? `${Math.round(seconds / 3600)}h`
        : `${Math.round(seconds / 86_400)}d`;
  return wait.toSeconds === null
    ? `${short(wait.fromSeconds)}+`
    : `${short(wait.fromSeconds)}–${short(wait.toSeconds)}`;
};

/** One CSV line; every value here is a number or a fixed label, quoted all the same. */
const line = (values: readonly (string | number)[]) =>
  values.map((value) => `"${String(value).replaceAll('"', '""')}"`).join(',');

/** The numbers as one CSV file: a row per day, then the funnel, then the plans. */
export const businessNumbersCsv = (numbers: BusinessNumbers): string => {
  const platforms = PLATFORM_IDS.map(platformName);
  const rows = [
    line([
      'Day',
      'Sign-ups',
      'Texts sent',
      ...platforms.map((name) => `Published on ${name}`),
      ...platforms.map((name) => `Failed on ${name}`),
    ]),
    ...numbers.days.map((day) =>
      line([
        day.day,
        day.signUps,
        day.textsSent,
        ...PLATFORM_IDS.map((id) => day.published[id]),
        ...PLATFORM_IDS.map((id) => day.failed[id]),
      ]),
    ),
    '',
    line(['Funnel step', 'Accounts', 'Median wait since the step before']),
    ...numbers.funnel.map((row) =>
      line([FUNNEL_STEP_LABELS[row.step], row.count, waitText(row.medianWait)]),
    ),
    '',
    line(['Plan', 'Paying companies', 'Monthly revenue (USD)']),
    ...TIER_IDS.map((tier) =>
      line([
        TIERS[tier].name,
        numbers.paying.byTier[tier],
        numbers.paying.byTier[tier] * TIERS[tier].monthlyPrice,
      ]),
    ),
    line([
      'All plans',
      TIER_IDS.reduce((sum, tier) => sum + numbers.paying.byTier[tier], 0),
      numbers.paying.mrr,
    ]),
    line(['Trials ending this week', numbers.trialsEndingThisWeek, '']),
  ];
  return `${rows.join('\r\n')}\r\n`;
};
