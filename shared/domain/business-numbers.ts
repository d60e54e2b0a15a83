import { PLATFORM_IDS, type PlatformId, TIER_IDS, TIERS, type TierId } from './tiers';

/**
 * The business's own numbers (the admin page): what is counted, under which counter names, and
 * how a range of days is summed. The server writes the counters when things happen; the admin
 * API and the page read them through these names.
 */

/** The steps of an account's way in, in order: each counted once per account, on its day. */
export const FUNNEL_STEPS = [
  'signedUp',
  'phoneVerified',
  'companyCreated',
  'platformConnected',
  'firstPostApproved',
  'firstPostPublished',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  signedUp: 'Signed up',
  phoneVerified: 'Phone verified',
  companyCreated: 'Company created',
  platformConnected: 'Platform connected',
  firstPostApproved: 'First post approved',
  firstPostPublished: 'First post published',
};

/**
 * How long an account took from the step before to this one, kept as a histogram per day (a
 * median needs the distribution, and a list of every wait would outgrow an item): the upper
 * bound of each bucket in seconds; the last bucket holds everything longer.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const WAIT_BUCKET_BOUNDS: readonly number[] = [
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  DAY,
  2 * DAY,
  4 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  Number.POSITIVE_INFINITY,
];

/** The bucket a wait of `seconds` falls in. */
export const waitBucketOf = (seconds: number): number => {
  const index = WAIT_BUCKET_BOUNDS.findIndex((bound) => seconds <= bound);
  return index === -1 ? WAIT_BUCKET_BOUNDS.length - 1 : index;
};

/** Counter names on a day's items. */
export const COUNTER = {
  step: (step: FunnelStep) => `step_${step}`,
  wait: (step: FunnelStep, bucket: number) => `wait_${step}_${bucket}`,
  published: (platform: PlatformId) => `published_${platform}`,
  failed: (platform: PlatformId) => `failed_${platform}`,
  textsSent: 'textsSent',
  /** Trials that end on this day and have not turned into a subscription. */
  trialsEnding: 'trialsEnding',
  /** On the standing item (not a day): companies paying for each tier now. */
  paying: (tier: TierId) => `paying_${tier}`,
} as const;

/** A day's counters (or the standing ones), by counter name; a missing name is 0. */
export type Counts = Readonly<Record<string, number>>;

const countOf = (counts: Counts, name: string): number => counts[name] ?? 0;

/**
 * The median of a wait histogram, as the bucket it falls in: `[from, to]` seconds (to is null for
 * the open last bucket), or null when nothing was counted.
 */
export const medianBucketOf = (
  histogram: readonly number[],
): { fromSeconds: number; toSeconds: number | null } | null => {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [bucket, count] of histogram.entries()) {
    seen += count;
    if (seen * 2 >= total) {
      const to = WAIT_BUCKET_BOUNDS[bucket]!;
      return {
        fromSeconds: bucket === 0 ? 0 : WAIT_BUCKET_BOUNDS[bucket - 1]!,
        toSeconds: Number.isFinite(to) ? to : null,
      };
    }
  }
  return null;
};

export interface FunnelRow {
  step: FunnelStep;
  count: number;
  /** The median wait since the step before, as a range of seconds (null: none measured). */
  medianWait: { fromSeconds: number; toSeconds: number | null } | null;
}

export interface DayRow {
  day: string;
  signUps: number;
  textsSent: number;
  published: Record<PlatformId, number>;
  failed: Record<PlatformId, number>;
}

const perPlatform = (counts: Counts, name: (platform: PlatformId) => string) =>
  Object.fromEntries(
    PLATFORM_IDS.map((platform) => [platform, countOf(counts, name(platform))]),
  ) as Record<PlatformId, number>;

/** One day's row of the table. */
export const dayRowOf = (day: string, counts: Counts): DayRow => ({
  day,
  signUps: countOf(counts, COUNTER.step('signedUp')),
  textsSent: countOf(counts, COUNTER.textsSent),
  published: perPlatform(counts, COUNTER.published),
  failed: perPlatform(counts, COUNTER.failed),
});

/** The funnel over a range: every day's counts summed. */
export const funnelOf = (days: readonly Counts[]): FunnelRow[] =>
  FUNNEL_STEPS.map((step, index) => {
    const count = days.reduce((sum, counts) => sum + countOf(counts, COUNTER.step(step)), 0);
    const histogram = WAIT_BUCKET_BOUNDS.map((_, bucket) =>
      days.reduce((sum, counts) => sum + countOf(counts, COUNTER.wait(step, bucket)), 0),
    );
    return { step, count, medianWait: index === 0 ? null : medianBucketOf(histogram) };
  });

/** Companies paying for each tier now, and what they bring in a month at list price (USD). */
export const payingOf = (standing: Counts): { byTier: Record<TierId, number>; mrr: number } => {
  const byTier = Object.fromEntries(
    TIER_IDS.map((tier) => [tier, Math.max(0, countOf(standing, COUNTER.paying(tier)))]),
  ) as Record<TierId, number>;
  const mrr = TIER_IDS.reduce((sum, tier) => sum + byTier[tier] * TIERS[tier].monthlyPrice, 0);
  return { byTier, mrr };
};

/** The longest range the admin page asks for at once (a year and a day). */
export const MAX_BUSINESS_RANGE_DAYS = 366;

/** How many days ahead "trials ending this week" looks, today included. */
export const TRIAL_WEEK_DAYS = 7;

/** `YYYY-MM-DD` of a moment, in UTC: the business's days are UTC days. */
export const utcDayOf = (at: Date | string | number): string =>
  new Date(at).toISOString().slice(0, 10);

/** Every UTC day from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (
    let at = Date.parse(`${from}T00:00:00Z`);
    at <= Date.parse(`${to}T00:00:00Z`);
    at += DAY * 1000
  ) {
    days.push(utcDayOf(at));
  }
  return days;
};
