import type { PostResults } from '#shared/contract/performance';
import type { ContentRecord } from '../../core/db/entities/content';

/** Engagements per impression; null while nothing has been seen (a rate of 0/0 is no rate). */
export const engagementRate = (engagements: number, impressions: number): number | null =>
  impressions > 0 ? engagements / impressions : null;

/** A post's stored results as the API answers them. */
export const toPostResults = (results: NonNullable<ContentRecord['results']>): PostResults => ({
  impressions: results.impressions,
  engagements: results.engagements,
  engagementRate: engagementRate(results.engagements, results.impressions),
  collectedAt: results.collectedAt,
  age: results.age,
});
