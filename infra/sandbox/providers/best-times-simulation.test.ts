import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import {
  DAY_PART_HOURS,
  daysOfKind,
  splitWindow,
  TIME_WINDOWS,
  type TimeWindow,
} from '#shared/domain/post-results';
import { WEEKDAYS } from '#shared/domain/campaigns';
import {
  EMPTY_TOTALS,
  estimateWindows,
  histogramBinOf,
  logRateOf,
  medianFromHistogram,
  pickWindow,
  type LogTotals,
} from '#functions/domain/results/best-times-model';
import { seededRandom } from '#functions/domain/results/seeded-random';
import { AUDIENCE_BEST_WINDOW, audienceMetrics } from './seeded-audience';

/**
 * The model against the stand-ins' seeded audience, whose best window (weekday evenings) is not
 * the one the prior favours: 16 weeks of 3 posts a week on X, each placed where the model picks
 * and read a week later, exactly as the product learns from its stored totals.
 */
const WEEKS = 16;
const POSTS_PER_WEEK = 3;
const FIRST_MONDAY = Date.UTC(2026, 0, 5);
const DAY_MS = 86_400_000;

/** The instant of a post in a window in a week: its n-th day of the window's kind, mid-range. */
const slotIn = (week: number, window: TimeWindow, nth: number): Date => {
  const { kind, part } = splitWindow(window);
  const day = daysOfKind(kind)[nth]!;
  const dayIndex = WEEKDAYS.indexOf(day);
  const hours = DAY_PART_HOURS[part];
  const at = FIRST_MONDAY + (week * 7 + dayIndex) * DAY_MS;
  return new Date(new TZDate(at, 'UTC').setUTCHours(hours.from + 1, 0, 0, 0));
};

const engagementsOf = (postId: string, at: Date): { engagements: number; impressions: number } => {
  const metrics = audienceMetrics('twitter', postId, at, new Date(at.getTime() + 7 * DAY_MS));
  const { impressions, ...rest } = metrics;
  return { impressions, engagements: Object.values(rest).reduce((sum, n) => sum + n, 0) };
};

const add = (totals: LogTotals, log: number): LogTotals => ({
  posts: totals.posts + 1,
  sumLog: totals.sumLog + log,
  sumLogSq: totals.sumLogSq + log * log,
});

const simulate = (seed: number) => {
  const random = seededRandom(seed);
  let account = EMPTY_TOTALS;
  const windows: Partial<Record<TimeWindow, LogTotals>> = {};
  const histogram = new Map<number, number>();
  const chosen: TimeWindow[] = [];
  let engagements = 0;
  for (let week = 0; week < WEEKS; week++) {
    const used = new Map<TimeWindow, number>();
    for (let n = 0; n < POSTS_PER_WEEK; n++) {
      const estimates = estimateWindows({
        platform: 'twitter',
        account,
        medianLog: medianFromHistogram(histogram),
        windows,
      });
      // A window is free while it has a day left this week.
      const free = TIME_WINDOWS.filter(
        (window) => (used.get(window) ?? 0) < daysOfKind(splitWindow(window).kind).length,
      );
      const { window } = pickWindow(estimates, free, random)!;
      const postId = `sim-${week}-${n}`;
      const at = slotIn(week, window, used.get(window) ?? 0);
      used.set(window, (used.get(window) ?? 0) + 1);
      chosen.push(window);
      const result = engagementsOf(postId, at);
      engagements += result.engagements;
      const log = logRateOf(result.engagements, result.impressions);
      account = add(account, log);
      windows[window] = add(windows[window] ?? EMPTY_TOTALS, log);
      histogram.set(histogramBinOf(log), (histogram.get(histogramBinOf(log)) ?? 0) + 1);
    }
  }
  return { chosen, engagements };
};

/** Every post in one window all along: the same post ids, in that window's days in turn. */
const fixedSchedule = (window: TimeWindow): number => {
  let total = 0;
  const days = daysOfKind(splitWindow(window).kind).length;
  for (let week = 0; week < WEEKS; week++) {
    for (let n = 0; n < POSTS_PER_WEEK; n++) {
      total += engagementsOf(`sim-${week}-${n}`, slotIn(week, window, n % days)).engagements;
    }
  }
  return total;
};

describe('best times against a seeded audience', () => {
  const { chosen, engagements } = simulate(20260105);
  const fixed = TIME_WINDOWS.map((window) => ({ window, total: fixedSchedule(window) })).sort(
    (a, b) => a.total - b.total,
  );
  const worst = fixed[0]!;
  const median = fixed[Math.floor(fixed.length / 2)]!;
  const best = fixed.at(-1)!;

  it('converges on the best window: at least 60% of the last 4 weeks’ posts', () => {
    const last = chosen.slice(-4 * POSTS_PER_WEEK);
    const share = last.filter((window) => window === AUDIENCE_BEST_WINDOW).length / last.length;
    expect(best.window).toBe(AUDIENCE_BEST_WINDOW);
    expect(share).toBeGreaterThanOrEqual(0.6);
  });

  it('beats a fixed schedule at the worst and at the median window, and says by how much', () => {
    expect(engagements).toBeGreaterThan(worst.total);
    expect(engagements).toBeGreaterThan(median.total);
    const regret = best.total - engagements;
    console.info(
      [
        `Best times over ${WEEKS} weeks × ${POSTS_PER_WEEK} posts (X, seeded audience):`,
        `  model ${engagements} engagements; fixed at the best window (${best.window}) ${best.total},`,
        `  at the median window (${median.window}) ${median.total}, at the worst (${worst.window}) ${worst.total}.`,
        `  Regret against the best fixed window: ${regret} engagements (${((100 * regret) / best.total).toFixed(1)}%);`,
        `  gain over the median window ${((100 * (engagements - median.total)) / median.total).toFixed(1)}%, over the worst ${((100 * (engagements - worst.total)) / worst.total).toFixed(1)}%.`,
        `  Last 4 weeks in the best window: ${chosen.slice(-12).filter((w) => w === AUDIENCE_BEST_WINDOW).length} of 12.`,
      ].join('\n'),
    );
  });
});
