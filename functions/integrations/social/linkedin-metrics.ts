import { LINKEDIN_POST_ANALYTICS_SCOPE } from '#shared/domain/post-results';
import { failureAnswerOf } from './linkedin-client';
import { unansweredFetch } from './provider-failures';
import type { PostMetrics, PostMetricsReader } from './post-metrics';

/**
 * LinkedIn's results for posts made as a member: the Member Post Analytics API
 * (`GET /rest/memberCreatorPostAnalytics?q=entity`, one metric per request: impressions,
 * reactions, comments, reshares), as the member who posted. Posts made as an organisation would
 * read `organizationalEntityShareStatistics` instead; Sailpost posts as the member today. It needs
 * `r_member_postAnalytics`, which LinkedIn grants an app only after review (LINKEDIN_POST_ANALYTICS).
 * https://learn.microsoft.com/en-us/linkedin/marketing/community-management/members/post-statistics
 */
const ENGAGEMENT_METRICS = ['REACTION', 'COMMENT', 'RESHARE'] as const;

interface AnalyticsAnswer {
  elements?: { count?: number }[];
}

export const createLinkedInMetricsReader = (settings: {
  apiBaseUrl: string;
  version: string;
  timeoutMs: number;
}): PostMetricsReader => {
  const count = async (accessToken: string, postId: string, metric: string): Promise<number> => {
    const kind = postId.startsWith('urn:li:ugcPost:') ? 'ugc' : 'share';
    const entity = `(${kind}:${encodeURIComponent(postId)})`;
    const url = `${settings.apiBaseUrl}/rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${metric}&aggregation=TOTAL`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          authorization: `Bearer ${accessToken}`,
          'linkedin-version': settings.version,
          'x-restli-protocol-version': '2.0.0',
        },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw unansweredFetch('linkedin', 'read', error) ?? error;
    }
    if (!response.ok) throw await failureAnswerOf(response, 'read');
    const answer = (await response.json()) as AnalyticsAnswer;
    return answer.elements?.reduce((sum, element) => sum + (element.count ?? 0), 0) ?? 0;
  };

  return {
    platform: 'linkedin',
    // One post a request: the API reads one entity at a time.
    batchMax: 1,
    billedPerRead: false,
    // LinkedIn answers 403 to a member who did not grant it.
    requiredScope: LINKEDIN_POST_ANALYTICS_SCOPE,
    async read({ accessToken, postIds }) {
      const metrics = new Map<string, PostMetrics>();
      for (const postId of postIds) {
        const impressions = await count(accessToken, postId, 'IMPRESSION');
        let engagements = 0;
        for (const metric of ENGAGEMENT_METRICS) {
          engagements += await count(accessToken, postId, metric);
        }
        metrics.set(postId, { impressions, engagements });
      }
      return metrics;
    },
  };
};
