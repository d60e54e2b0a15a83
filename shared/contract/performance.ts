import * as z from 'zod';
import { WEEKDAYS } from '../domain/campaigns';
import {
  DAY_KINDS,
  DAY_PARTS,
  EXPORT_ROWS_MAX,
  PERFORMANCE_WEEKS_DEFAULT,
  PERFORMANCE_WEEKS_MAX,
  RESULT_AGE_IDS,
  TIME_WINDOWS,
  TOP_POSTS_SHOWN,
} from '../domain/post-results';
import { PLATFORM_IDS } from '../domain/tiers';
import { defineRoute } from './route';

/* ----- What the API answers ----- */

/**
 * A published post's latest results, as its card shows them (null on the post until the first
 * reading, about an hour after publishing). `engagements` is every interaction the platform
 * counts (on X: likes, reposts, replies, quotes and bookmarks); the rate is engagements per
 * impression, null while there are no impressions.
 */
export const postResultsSchema = z.object({
  impressions: z.number().int(),
  engagements: z.number().int(),
  engagementRate: z.number().nullable(),
  /** UTC ISO: when these numbers were read. */
  collectedAt: z.string(),
  /** Which reading they are: about 1 hour, 24 hours or 7 days after publishing. */
  age: z.enum(RESULT_AGE_IDS),
});
export type PostResults = z.infer<typeof postResultsSchema>;

/**
 * The time every figure of a section covers (UTC ISO, `from` included, `to` excluded): from the
 * first week with results (or the chart's first week) to the end of the current week.
 */
const periodSchema = z.object({ from: z.string(), to: z.string() });
export type Period = z.infer<typeof periodSchema>;

const totalsFields = {
  /** Posts with results that these figures add up. */
  posts: z.number().int(),
  impressions: z.number().int(),
  engagements: z.number().int(),
  /** Engagements per impression over these posts; null without impressions. */
  engagementRate: z.number().nullable(),
};

const weekPointSchema = z.object({
  /** The week's Monday (`yyyy-MM-dd`, the company's zone). */
  weekStart: z.string(),
  platform: z.enum(PLATFORM_IDS),
  ...totalsFields,
});
export type WeekPoint = z.infer<typeof weekPointSchema>;

const topPostSchema = z.object({
  contentId: z.string(),
  campaignId: z.string(),
  /** Null when the campaign has been deleted since. */
  campaignName: z.string().nullable(),
  platform: z.enum(PLATFORM_IDS),
  /** The post's opening words. */
  excerpt: z.string(),
  publishedAt: z.string(),
  postUrl: z.string().nullable(),
  results: postResultsSchema,
});
export type TopPost = z.infer<typeof topPostSchema>;

const campaignComparedSchema = z.object({
  campaignId: z.string(),
  campaignName: z.string().nullable(),
  ...totalsFields,
});
export type CampaignCompared = z.infer<typeof campaignComparedSchema>;

/** One weekday × part of day of the heat map, over every platform. */
const heatCellSchema = z.object({
  day: z.enum(WEEKDAYS),
  part: z.enum(DAY_PARTS),
  ...totalsFields,
});
export type HeatCell = z.infer<typeof heatCellSchema>;

/** The Performance page: each section says the period it covers and how many posts it adds up. */
const performanceSchema = z.object({
  /** The company's zone: weeks and the heat map's days and parts are counted in it. */
  timeZone: z.string(),
  /** Posts with results, every platform, all time. */
  resultCount: z.number().int(),
  /** True with fewer than FEW_RESULTS_THRESHOLD results: the best times are mostly the starting guess. */
  mostlyStartingGuess: z.boolean(),
  /** While X reads are paused (credits spent, rate limited or the month's cap reached): until when. */
  collectionPausedUntil: z.string().nullable(),
  /**
   * True when the company's LinkedIn connection has not granted post analytics and no LinkedIn
   * post has results: its LinkedIn posts are not read, and the page says so.
   */
  linkedInResultsUnread: z.boolean().optional(),
  overTime: z.object({ period: periodSchema, weeks: z.array(weekPointSchema) }),
  /** The posts with the most engagements, all time (at most TOP_POSTS_SHOWN). */
  topPosts: z.object({ period: periodSchema, posts: z.array(topPostSchema) }),
  /** Every campaign with results, most engagements first, all time. */
  campaigns: z.object({ period: periodSchema, campaigns: z.array(campaignComparedSchema) }),
  /** 28 cells, Monday morning first, all time. */
  heatMap: z.object({ period: periodSchema, cells: z.array(heatCellSchema) }),
});
export type Performance = z.infer<typeof performanceSchema>;

/** One window of the model on one platform, with its evidence. */
const windowSchema = z.object({
  window: z.enum(TIME_WINDOWS),
  kind: z.enum(DAY_KINDS),
  part: z.enum(DAY_PARTS),
  /** The company's posts with results in this window. */
  posts: z.number().int(),
  /**
   * Their typical engagement rate (the geometric mean) over the account's median (1 = the
   * median); null without posts.
   */
  relativeToMedian: z.number().nullable(),
  /** The model's estimate (its posts and the prior together), relative to the account's median. */
  expected: z.number(),
  /** "12 posts, 2.4× your median" or "no posts yet". */
  evidence: z.string(),
});
export type BestTimeWindow = z.infer<typeof windowSchema>;

const platformBestTimesSchema = z.object({
  platform: z.enum(PLATFORM_IDS),
  /** Posts with results on this platform, and the period they were published in. */
  resultCount: z.number().int(),
  period: periodSchema,
  /** True with fewer than FEW_RESULTS_THRESHOLD results: mostly the starting guess. */
  mostlyStartingGuess: z.boolean(),
  /** The account's median engagement rate on the platform; null without results. */
  medianEngagementRate: z.number().nullable(),
  /** Every window, best expected first; the first few are the suggestions. */
  windows: z.array(windowSchema),
});
export type PlatformBestTimes = z.infer<typeof platformBestTimesSchema>;

const bestTimesSchema = z.object({
  timeZone: z.string(),
  /** One entry per connectable platform, in the app's platform order. */
  platforms: z.array(platformBestTimesSchema),
});
export type BestTimes = z.infer<typeof bestTimesSchema>;

/** The CSV file, as text: the browser saves it under `filename`. */
const performanceExportSchema = z.object({
  filename: z.string(),
  csv: z.string(),
  /** Rows in the file (the newest EXPORT_ROWS_MAX posts at most). */
  rows: z.number().int(),
  /** True when older posts were left out. */
  truncated: z.boolean(),
});
export type PerformanceExport = z.infer<typeof performanceExportSchema>;

/* ----- What the API takes ----- */

export const performanceQuery = z.object({
  /** Weeks of the weekly chart, ending with the current one. */
  weeks: z.coerce
    .number({ error: 'weeks must be a number' })
    .int(`weeks must be between 1 and ${PERFORMANCE_WEEKS_MAX}`)
    .min(1, `weeks must be between 1 and ${PERFORMANCE_WEEKS_MAX}`)
    .max(PERFORMANCE_WEEKS_MAX, `weeks must be between 1 and ${PERFORMANCE_WEEKS_MAX}`)
    .default(PERFORMANCE_WEEKS_DEFAULT),
});
export type PerformanceQuery = z.input<typeof performanceQuery>;

export const performanceRoutes = {
  summary: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/performance',
    owners: { companyId: 'company' },
    group: 'performance',
    access: 'user',
    summary: `How the company's posts did: engagement by week and platform, the top ${TOP_POSTS_SHOWN} posts, campaigns compared and a weekday × time-of-day heat map, each with its period and count`,
    query: performanceQuery,
    response: performanceSchema,
    errors: [],
  }),
  bestTimes: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/performance/best-times',
    owners: { companyId: 'company' },
    group: 'performance',
    access: 'user',
    summary:
      "The company's best time windows per platform with their evidence (posts, times the account's median), and whether they are mostly the starting guess",
    response: bestTimesSchema,
    errors: [],
  }),
  export: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/performance/export',
    owners: { companyId: 'company' },
    group: 'performance',
    access: 'user',
    summary: `Every published post's latest results as CSV text (the newest ${EXPORT_ROWS_MAX} at most)`,
    response: performanceExportSchema,
    errors: [],
  }),
} as const;
