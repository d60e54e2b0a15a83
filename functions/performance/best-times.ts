import type { BestTimes, PlatformBestTimes } from '#shared/contract/performance';
import { splitWindow, windowEvidence } from '#shared/domain/post-results';
import { CONNECTABLE_PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import type { ResultTotalRecord } from '../core/db/entities/result-total';
import {
  estimateWindows,
  mostlyStartingGuess,
  rankWindows,
} from '../domain/results/best-times-model';
import { modelInputOf } from '../domain/results/stored-totals';
import { periodSince } from './periods';

/** One platform's windows, best first, with their evidence and the period they cover. */
export const platformBestTimes = (
  totals: readonly ResultTotalRecord[],
  platform: PlatformId,
  timeZone: string,
  now: Date,
): PlatformBestTimes => {
  const input = modelInputOf(totals, platform);
  const resultCount = input.account.posts;
  return {
    platform,
    resultCount,
    period: periodSince(
      totals.filter((total) => total.platform === platform),
      timeZone,
      now,
    ),
    mostlyStartingGuess: mostlyStartingGuess(resultCount),
    medianEngagementRate: input.medianLog === null ? null : Math.exp(input.medianLog),
    windows: rankWindows(estimateWindows(input)).map((estimate) => ({
      window: estimate.window,
      ...(({ kind, part }) => ({ kind, part }))(splitWindow(estimate.window)),
      posts: estimate.posts,
      relativeToMedian: estimate.relativeToMedian,
      expected: estimate.expected,
      evidence: windowEvidence(estimate.posts, estimate.relativeToMedian),
    })),
  };
};

export const bestTimesOf = (
  totals: readonly ResultTotalRecord[],
  timeZone: string,
  now: Date,
): BestTimes => ({
  timeZone,
  platforms: CONNECTABLE_PLATFORMS.map((platform) =>
    platformBestTimes(totals, platform, timeZone, now),
  ),
});
