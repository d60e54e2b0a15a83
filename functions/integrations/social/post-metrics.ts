import type { ConnectablePlatform, ConnectableTable } from '#shared/domain/tiers';
import { config } from '#functions/core/config';
import { lazyAsync } from '#functions/core/lazy';
import { X_LOOKUP_BATCH_MAX } from '#shared/domain/post-results';
import { misconfigured } from './provider-failures';

/**
 * Reading how published posts did, one reader per platform: the same code against the real API
 * and the sandbox's stand-in. Failures are the provider errors of provider-errors.ts (a 402 is a
 * `ProviderRejected` with status 402).
 */

export interface PostMetrics {
  impressions: number;
  /** Every interaction the platform counts (likes, reposts, replies, quotes, bookmarks…). */
  engagements: number;
}

export interface PostMetricsReader {
  readonly platform: ConnectablePlatform;
  /** Posts one request may name. */
  readonly batchMax: number;
  /** Whether the platform bills each post read (X): the monthly cap then counts them. */
  readonly billedPerRead: boolean;
  /**
   * A scope the connection must have granted for its posts to be read (LinkedIn's post
   * analytics): without it the platform refuses every read, so none is made.
   */
  readonly requiredScope?: string;
  /**
   * The posts' metrics, by the provider's post id, as the account they were posted as
   * (`accountId`: the X user, the LinkedIn member, the Page, the Instagram account). A post the
   * platform no longer has is absent.
   */
  read(input: {
    accessToken: string;
    accountId: string;
    postIds: readonly string[];
  }): Promise<Map<string, PostMetrics>>;
}

/** As for posting: one request must not use up a run. */
const REQUEST_TIMEOUT_MS = 8_000;

const xReader = lazyAsync(async (): Promise<PostMetricsReader> => {
  const { X_API_BASE_URL } = config();
  const { createXMetricsReader } = await import('./x-metrics');
  return createXMetricsReader({
    apiBaseUrl: X_API_BASE_URL.replace(/\/+$/, ''),
    timeoutMs: REQUEST_TIMEOUT_MS,
    batchMax: X_LOOKUP_BATCH_MAX,
  });
});

/**
 * LinkedIn answers post statistics only to an app it has granted post analytics (the stage's
 * LINKEDIN_POST_ANALYTICS): without that grant, no reader.
 */
const linkedInReader = lazyAsync(async (): Promise<PostMetricsReader | null> => {
  const { LINKEDIN_API_BASE_URL, LINKEDIN_VERSION, LINKEDIN_CLIENT_ID, LINKEDIN_POST_ANALYTICS } =
    config();
  if (!LINKEDIN_POST_ANALYTICS) return null;
  if (!LINKEDIN_CLIENT_ID) throw misconfigured('linkedin', 'LINKEDIN_CLIENT_ID is not configured');
  const { createLinkedInMetricsReader } = await import('./linkedin-metrics');
  return createLinkedInMetricsReader({
    apiBaseUrl: LINKEDIN_API_BASE_URL.replace(/\/+$/, ''),
    version: LINKEDIN_VERSION,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
});

/** Facebook Pages and Instagram: the Graph API's insights, read with the Page's token. */
const metaReader = (platform: 'facebook' | 'instagram') =>
  lazyAsync(async (): Promise<PostMetricsReader> => {
    const { META_GRAPH_BASE_URL } = config();
    const { createMetaMetricsReader } = await import('./meta-metrics');
    return createMetaMetricsReader({
      platform,
      graphBaseUrl: META_GRAPH_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
  });

/**
 * Each platform's reader; a platform given null (or whose reader is null in this stage) has its
 * posts' due entries dropped unread.
 */
export const POST_METRICS_READERS: ConnectableTable<
  (() => Promise<PostMetricsReader | null>) | null
> = {
  twitter: xReader,
  linkedin: linkedInReader,
  facebook: metaReader('facebook'),
  instagram: metaReader('instagram'),
};
