import { createHash } from 'node:crypto';
import { windowOf, type TimeWindow } from '#shared/domain/post-results';
import { WEEKDAYS } from '#shared/domain/campaigns';

/**
 * The stand-ins' audience: how many people see a post and engage with it, decided by when it was
 * published (weekday and hour, UTC) and, for the rest, by the post's id, so the same post always
 * answers the same numbers. Stated here so tests can check that the product learns it:
 *
 * - Weekday evenings (18:00–21:00 UTC, Monday–Friday) are clearly the best window: engagement
 *   rate 2.2× the base. Weekday mornings, which the industry studies (the model's prior) favour,
 *   are only 1.1×; every other window is between 0.7× and 1.0×.
 * - The base rate is 2% on X, 4% on LinkedIn, 3% on Facebook and 5% on Instagram; each post's own
 *   rate varies around its window's by a factor of about e^±0.3 (log-normal).
 * - A post reaches 800–1,200 impressions in the end, gathered over its first day: about a fifth
 *   in the first hour, nearly all after a day, all of it after a week.
 */
export const AUDIENCE_WINDOW_RATES: Record<TimeWindow, number> = {
  'weekday-morning': 1.1,
  'weekday-midday': 1.0,
  'weekday-afternoon': 0.9,
  'weekday-evening': 2.2,
  'weekend-morning': 0.7,
  'weekend-midday': 0.8,
  'weekend-afternoon': 0.8,
  'weekend-evening': 0.9,
};
export const AUDIENCE_BEST_WINDOW: TimeWindow = 'weekday-evening';

const BASE_RATE = { twitter: 0.02, linkedin: 0.04, facebook: 0.03, instagram: 0.05 } as const;
export type AudiencePlatform = keyof typeof BASE_RATE;
/** How fast impressions come: most within hours. */
const REACH_HOURS = 4;
const SPREAD = 0.3;

/** Three uniform numbers in (0, 1) from the post's id. */
const uniformsOf = (postId: string): [number, number, number] => {
  const digest = createHash('sha256').update(postId).digest();
  const at = (offset: number) => (digest.readUInt32BE(offset) + 0.5) / 2 ** 32;
  return [at(0), at(4), at(8)];
};

/** The audience's rate for a window, before the post's own variation. */
export const windowRate = (platform: AudiencePlatform, window: TimeWindow): number =>
  BASE_RATE[platform] * AUDIENCE_WINDOW_RATES[window];

export interface AudienceMetrics {
  impressions: number;
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
  bookmarks: number;
}

/** What the audience has done with a post published at `publishedAt`, as of `now`. */
export const audienceMetrics = (
  platform: AudiencePlatform,
  postId: string,
  publishedAt: Date,
  now: Date,
): AudienceMetrics => {
  const [u1, u2, u3] = uniformsOf(postId);
  const day = WEEKDAYS[(publishedAt.getUTCDay() + 6) % 7]!;
  const window = windowOf(day, publishedAt.getUTCHours());
  const normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  const rate = windowRate(platform, window) * Math.exp(SPREAD * normal);
  const hours = Math.max(0, (now.getTime() - publishedAt.getTime()) / 3_600_000);
  const reached = 1 - Math.exp(-hours / REACH_HOURS) * (hours < 168 ? 1 : 0);
  const impressions = Math.round((800 + 400 * u3) * reached);
  const engagements = Math.round(impressions * rate);
  // Split as X's public metrics would be: mostly likes.
  const reposts = Math.floor(engagements * 0.15);
  const replies = Math.floor(engagements * 0.1);
  const quotes = Math.floor(engagements * 0.05);
  const bookmarks = Math.floor(engagements * 0.1);
  return {
    impressions,
    likes: engagements - reposts - replies - quotes - bookmarks,
    reposts,
    replies,
    quotes,
    bookmarks,
  };
};
