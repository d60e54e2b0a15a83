import { FEW_RESULTS_THRESHOLD, TIME_WINDOWS, type TimeWindow } from '#shared/domain/post-results';
import type { PlatformId, PlatformTable } from '#shared/domain/tiers';
import type { Random } from './seeded-random';

/**
 * The best-times model: for each coarse window (weekday/weekend × part of the day), how a post's
 * engagement rate there compares with the account's median, learnt from the account's own posts
 * on top of a prior from industry studies; Thompson sampling picks where the next post goes.
 *
 * Rates are compared on a log scale (a post at twice the median is as far above it as one at half
 * is below), so each window needs only its count, sum and sum of squares of log rates: the stored
 * totals (result-totals.ts) keep exactly these and never reread a post.
 */

/** What the stored totals hold of a set of posts' log engagement rates. */
export interface LogTotals {
  posts: number;
  sumLog: number;
  sumLogSq: number;
}

export const EMPTY_TOTALS: LogTotals = { posts: 0, sumLog: 0, sumLogSq: 0 };

/**
 * A post's log engagement rate. Half an engagement and one impression are added so a post nobody
 * engaged with (or saw) has a finite, low rate rather than none.
 */
export const logRateOf = (engagements: number, impressions: number): number =>
  Math.log((engagements + 0.5) / (impressions + 1));

/**
 * The prior: each window's rate relative to the account's median before any post of its own.
 * A coarse reading of three published studies of when posts do best, not their figures:
 * - Sprout Social, "Best times to post on social media in 2025" (sproutsocial.com/insights/
 *   best-times-to-post-on-social-media): X and LinkedIn do best on weekday mornings to midday
 *   (Tuesday–Thursday), Facebook and Instagram on weekday mornings to early afternoon; weekends
 *   are the weakest for all four.
 * - Hootsuite, "The best time to post on social media in 2025" (blog.hootsuite.com/
 *   best-time-to-post-on-social-media): weekday mornings for X and LinkedIn, mid-morning to
 *   midday for Facebook, and Instagram's spread into late afternoon and evening.
 * - Buffer, "The best time to post on LinkedIn" (buffer.com/resources/
 *   best-time-to-post-on-linkedin), from millions of posts: weekday working hours, weekends low.
 * Industry averages say little about one small business's audience, so the prior is worth only
 * PRIOR_WEIGHT posts: a handful of the account's own results outweigh it.
 */
const PRIOR_MULTIPLIERS: PlatformTable<Record<TimeWindow, number>> = {
  twitter: {
    'weekday-morning': 1.2,
    'weekday-midday': 1.15,
    'weekday-afternoon': 1.0,
    'weekday-evening': 0.9,
    'weekend-morning': 0.85,
    'weekend-midday': 0.85,
    'weekend-afternoon': 0.8,
    'weekend-evening': 0.8,
  },
  linkedin: {
    'weekday-morning': 1.25,
    'weekday-midday': 1.2,
    'weekday-afternoon': 1.0,
    'weekday-evening': 0.8,
    'weekend-morning': 0.7,
    'weekend-midday': 0.7,
    'weekend-afternoon': 0.7,
    'weekend-evening': 0.7,
  },
  facebook: {
    'weekday-morning': 1.1,
    'weekday-midday': 1.15,
    'weekday-afternoon': 1.0,
    'weekday-evening': 0.95,
    'weekend-morning': 0.9,
    'weekend-midday': 0.9,
    'weekend-afternoon': 0.85,
    'weekend-evening': 0.85,
  },
  instagram: {
    'weekday-morning': 1.05,
    'weekday-midday': 1.1,
    'weekday-afternoon': 1.0,
    'weekday-evening': 1.05,
    'weekend-morning': 0.95,
    'weekend-midday': 0.95,
    'weekend-afternoon': 0.9,
    'weekend-evening': 0.95,
  },
};

/** How many of the account's own posts the prior counts as. */
export const PRIOR_WEIGHT = 3;
/** The spread of one post's log rate around its window's, until the account shows its own. */
const DEFAULT_SPREAD = 0.5;
const MIN_SPREAD = 0.15;
const MAX_SPREAD = 1.5;

export interface ModelInput {
  platform: PlatformId;
  /** Every post of the account on the platform. */
  account: LogTotals;
  /** The account's median log rate (from the stored histogram); null without results. */
  medianLog: number | null;
  windows: Partial<Record<TimeWindow, LogTotals>>;
}

export interface WindowEstimate {
  window: TimeWindow;
  posts: number;
  /** Its own posts' typical rate (geometric mean) over the account's median; null without posts. */
  relativeToMedian: number | null;
  /** The posterior of its log rate relative to the median: mean and spread. */
  mean: number;
  sd: number;
  /** exp(mean): the model's estimate relative to the median. */
  expected: number;
}

const spreadOf = ({ posts, sumLog, sumLogSq }: LogTotals): number => {
  if (posts < 3) return DEFAULT_SPREAD;
  const variance = Math.max(0, (sumLogSq - (sumLog * sumLog) / posts) / (posts - 1));
  return Math.min(MAX_SPREAD, Math.max(MIN_SPREAD, Math.sqrt(variance)));
};

/** Every window's estimate, in TIME_WINDOWS order. */
export const estimateWindows = (input: ModelInput): WindowEstimate[] => {
  const spread = spreadOf(input.account);
  const median = input.medianLog;
  return TIME_WINDOWS.map((window) => {
    const totals = input.windows[window] ?? EMPTY_TOTALS;
    const priorMean = Math.log(PRIOR_MULTIPLIERS[input.platform][window]);
    // Its posts' log rates relative to the median, summed.
    const relativeSum = median === null ? 0 : totals.sumLog - totals.posts * median;
    const posts = median === null ? 0 : totals.posts;
    const weight = PRIOR_WEIGHT + posts;
    const mean = (PRIOR_WEIGHT * priorMean + relativeSum) / weight;
    return {
      window,
      posts: totals.posts,
      relativeToMedian: posts > 0 ? Math.exp(relativeSum / posts) : null,
      mean,
      sd: spread / Math.sqrt(weight),
      expected: Math.exp(mean),
    };
  });
};

/** The estimates best first (the suggested windows lead). */
export const rankWindows = (estimates: readonly WindowEstimate[]): WindowEstimate[] =>
  [...estimates].sort((a, b) => b.mean - a.mean);

/** Fewer results than FEW_RESULTS_THRESHOLD: the estimates are mostly the prior. */
export const mostlyStartingGuess = (resultCount: number): boolean =>
  resultCount < FEW_RESULTS_THRESHOLD;

export interface WindowChoice {
  window: TimeWindow;
  /** `best`: the window with the highest estimate among those offered; `trying`: exploring. */
  choice: 'best' | 'trying';
}

/**
 * Thompson sampling: one draw from each offered window's posterior, the highest wins. Windows
 * the model is sure are worse are rarely drawn high; uncertain ones sometimes are, which is how
 * the model keeps learning with a few posts a week.
 */
export const pickWindow = (
  estimates: readonly WindowEstimate[],
  offered: readonly TimeWindow[],
  random: Random,
): WindowChoice | null => {
  const candidates = estimates.filter((estimate) => offered.includes(estimate.window));
  if (candidates.length === 0) return null;
  let drawn = candidates[0]!;
  let drawnValue = -Infinity;
  for (const candidate of candidates) {
    const value = candidate.mean + candidate.sd * random.normal();
    if (value > drawnValue) {
      drawn = candidate;
      drawnValue = value;
    }
  }
  const best = rankWindows(candidates)[0]!;
  return { window: drawn.window, choice: drawn.window === best.window ? 'best' : 'trying' };
};

/* ----- The median, from a histogram of log rates ----- */

/** The histogram's bins: log rates from LOG_RATE_FLOOR up, BIN_WIDTH wide. */
const LOG_RATE_FLOOR = -12;
const BIN_WIDTH = 0.1;
const BIN_COUNT = 120;

/** The bin a log rate is counted in (rates outside the range go to the end bins). */
export const histogramBinOf = (logRate: number): number =>
  Math.min(BIN_COUNT - 1, Math.max(0, Math.floor((logRate - LOG_RATE_FLOOR) / BIN_WIDTH)));

/** The median log rate of the counted posts, interpolated inside its bin; null without posts. */
export const medianFromHistogram = (bins: ReadonlyMap<number, number>): number | null => {
  const ordered = [...bins.entries()].filter(([, count]) => count > 0).sort((a, b) => a[0] - b[0]);
  const total = ordered.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const half = total / 2;
  let before = 0;
  for (const [bin, count] of ordered) {
    if (before + count >= half) {
      return LOG_RATE_FLOOR + BIN_WIDTH * (bin + (half - before) / count);
    }
    before += count;
  }
  return null;
};
