import { GRAPH_API_VERSION, regainAt, type MetaPlatform } from './meta-client';
import { graphFailure, type GraphError } from './meta-errors';
import { unansweredFetch } from './provider-failures';
import type { PostMetrics, PostMetricsReader } from './post-metrics';

/**
 * Facebook's and Instagram's results through the Graph API's insights, one post a request, with
 * the Page's token (the one the post was published with) in the Authorization header.
 *
 * Facebook Page posts, `GET /{post-id}/insights`
 * (https://developers.facebook.com/docs/graph-api/reference/insights#post-metrics):
 * - impressions: `post_media_view`, the views metric Meta names as the alternative to
 *   `post_impressions`, which it retired for every version on November 15, 2025
 *   (https://developers.facebook.com/docs/platforminsights/page/deprecated-metrics);
 * - engagements: `post_reactions_by_type_total` (every reaction, by type) plus `post_clicks`
 *   (clicks anywhere in the post), as `post_engaged_users`, the single figure, is retired.
 *
 * Instagram media, `GET /{media-id}/insights`
 * (https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights):
 * - impressions: `views`, which replaced `impressions` (retired for every version on April 21, 2025);
 * - engagements: `total_interactions` (likes, comments, saves and shares, less unlikes and deleted
 *   comments).
 */
const METRICS: Record<MetaPlatform, readonly string[]> = {
  facebook: ['post_media_view', 'post_reactions_by_type_total', 'post_clicks'],
  instagram: ['views', 'total_interactions'],
};

/** The permission reading insights needs, named when Meta's refusal does not say. */
const INSIGHTS_PERMISSION: Record<MetaPlatform, string> = {
  facebook: 'read_insights',
  instagram: 'instagram_manage_insights',
};

/** Meta's subcode for an object that does not exist (deleted) or cannot be reached. */
const NO_SUCH_OBJECT_SUBCODE = 33;

interface InsightsAnswer {
  data?: { name: string; values?: { value?: number | Record<string, number> }[] }[];
}

/** A metric's lifetime value; a breakdown (reactions by type) counts as its sum. */
const valueOf = (answer: InsightsAnswer, name: string): number => {
  const value = answer.data?.find((metric) => metric.name === name)?.values?.at(-1)?.value;
  if (typeof value === 'number') return value;
  return Object.values(value ?? {}).reduce((sum, count) => sum + count, 0);
};

const metricsOf = (platform: MetaPlatform, answer: InsightsAnswer): PostMetrics =>
  platform === 'facebook'
    ? {
        impressions: valueOf(answer, 'post_media_view'),
        engagements:
          valueOf(answer, 'post_reactions_by_type_total') + valueOf(answer, 'post_clicks'),
      }
    : {
        impressions: valueOf(answer, 'views'),
        engagements: valueOf(answer, 'total_interactions'),
      };

export const createMetaMetricsReader = (settings: {
  platform: MetaPlatform;
  /** https://graph.facebook.com, or the stand-in's base (no trailing slash). */
  graphBaseUrl: string;
  timeoutMs: number;
}): PostMetricsReader => {
  const { platform } = settings;

  /** One post's insights; undefined when Meta no longer has the post. */
  const insightsOf = async (
    accessToken: string,
    postId: string,
  ): Promise<PostMetrics | undefined> => {
    const url = new URL(
      `${settings.graphBaseUrl}/${GRAPH_API_VERSION}/${encodeURIComponent(postId)}/insights`,
    );
    url.searchParams.set('metric', METRICS[platform].join(','));
    // A Page post's metrics are lifetime totals; Instagram media's take no period.
    if (platform === 'facebook') url.searchParams.set('period', 'lifetime');
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw unansweredFetch(platform, 'read', error) ?? error;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const error = (body as { error?: GraphError } | undefined)?.error;
    if (!response.ok || error) {
      if (error?.code === 100 && error.error_subcode === NO_SUCH_OBJECT_SUBCODE) return undefined;
      const resetAt = regainAt(response);
      throw graphFailure({
        platform,
        step: 'read',
        status: response.status,
        error: error ?? { message: text.slice(0, 300) || `HTTP ${response.status}` },
        permission: INSIGHTS_PERMISSION[platform],
        ...(resetAt ? { resetAt } : {}),
      });
    }
    return metricsOf(platform, body as InsightsAnswer);
  };

  return {
    platform,
    // One post a request: insights are read per object.
    batchMax: 1,
    billedPerRead: false,
    async read({ accessToken, postIds }) {
      const metrics = new Map<string, PostMetrics>();
      for (const postId of postIds) {
        const found = await insightsOf(accessToken, postId);
        if (found) metrics.set(postId, found);
      }
      return metrics;
    },
  };
};
