import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { TwitterApi, type TweetPublicMetricsV2 } from 'twitter-api-v2';
import { configuredRequests, failureFrom } from './x-client';
import type { PostMetrics, PostMetricsReader } from './post-metrics';

/**
 * X's results through twitter-api-v2's v2 tweets lookup (`GET /2/tweets?ids=…` with
 * `tweet.fields=public_metrics`), up to `batchMax` posts a request, as the user who posted them.
 * X bills each post read (pay-per-use), once per post per UTC day.
 */
export const createXMetricsReader = (settings: {
  apiBaseUrl: string;
  timeoutMs: number;
  batchMax: number;
}): PostMetricsReader => {
  const clientSettings = {
    plugins: [configuredRequests(settings.apiBaseUrl, settings.timeoutMs)],
    httpAgent: settings.apiBaseUrl.startsWith('http:')
      ? new HttpAgent({ keepAlive: false })
      : new HttpsAgent({ keepAlive: false }),
  };
  return {
    platform: 'twitter',
    batchMax: settings.batchMax,
    billedPerRead: true,
    async read({ accessToken, postIds }) {
      if (postIds.length > settings.batchMax) {
        throw new Error(`At most ${settings.batchMax} posts per lookup, not ${postIds.length}`);
      }
      const metrics = new Map<string, PostMetrics>();
      if (postIds.length === 0) return metrics;
      let answer;
      try {
        answer = await new TwitterApi(accessToken, clientSettings).v2.tweets([...postIds], {
          'tweet.fields': ['public_metrics'],
        });
      } catch (error) {
        throw failureFrom(error, 'read');
      }
      for (const tweet of answer.data ?? []) {
        if (tweet.public_metrics) metrics.set(tweet.id, metricsOf(tweet.public_metrics));
      }
      return metrics;
    },
  };
};

/** Engagements: likes, reposts, replies, quotes and bookmarks. */
const metricsOf = (publicMetrics: TweetPublicMetricsV2): PostMetrics => ({
  impressions: publicMetrics.impression_count ?? 0,
  engagements:
    publicMetrics.like_count +
    publicMetrics.retweet_count +
    publicMetrics.reply_count +
    publicMetrics.quote_count +
    (publicMetrics.bookmark_count ?? 0),
});
