import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { useLocalTable } from '#test/support/local-table';
import { seedCompany } from '#test/support/seed';
import { clearResultsDue, seedPublishedPostsDue } from '#test/support/published-posts';
import { collectionPauseEntity } from '#functions/core/db/entities/collection-state';
import { contentEntity } from '#functions/core/db/entities/content';
import { resultTotalEntity } from '#functions/core/db/entities/result-total';
import { logger } from '#functions/core/logger';
import { GRAPH_API_VERSION, type MetaPlatform } from '#functions/integrations/social/meta-client';
import { createMetaMetricsReader } from '#functions/integrations/social/meta-metrics';
import type { SocialClient } from '#functions/integrations/social/social-client';
import { storeConnection } from '#functions/platforms/credentials';
import { COLLECTION_RATE_LIMIT_PAUSE_MS } from '#shared/domain/post-results';
import { collectResults } from './collect-results';

/**
 * Results collection for Facebook Pages and Instagram against DynamoDB Local, with the real
 * Graph API reader talking to a fake of `GET /{v}/{id}/insights` that records every request and
 * answers each post's lifetime insights (or a scripted failure).
 */
describe('results collection on Facebook and Instagram', () => {
  useLocalTable({ CREDENTIAL_KEY: 'k'.repeat(64) });

  let graph: FakeHttpService;
  const insightsPath = new RegExp(
    `^/${GRAPH_API_VERSION.replace('.', '\\.')}/([^/?]+)/insights\\?`,
  );
  /** The post id of each insights request, in order. */
  const reads = () =>
    graph.requests.flatMap((request) => {
      const id = insightsPath.exec(request.url)?.[1];
      return id ? [decodeURIComponent(id)] : [];
    });
  /** Meta's insights for every metric asked: a breakdown for reactions, numbers for the rest. */
  const answerInsights = () => {
    graph.answer = (request) => {
      const metrics = new URL(request.url, 'http://graph').searchParams.get('metric')!.split(',');
      const values: Record<string, unknown> = {
        post_media_view: 900,
        post_reactions_by_type_total: { like: 20, love: 4 },
        post_clicks: 6,
        views: 1200,
        total_interactions: 55,
      };
      return {
        status: 200,
        body: {
          data: metrics.map((name) => ({
            name,
            period: 'lifetime',
            values: [{ value: values[name] }],
          })),
        },
      };
    };
  };

  beforeAll(async () => {
    graph = await startFakeHttpService(() => ({ status: 500 }));
    answerInsights();
  });
  afterAll(() => graph.close());
  afterEach(async () => {
    await clearResultsDue();
    graph.requests.length = 0;
    answerInsights();
  });

  const dependencies = {
    readerFor: (platform: string) =>
      Promise.resolve(
        createMetaMetricsReader({
          platform: platform as MetaPlatform,
          graphBaseUrl: graph.origin,
          timeoutMs: 5_000,
        }),
      ),
    // A Page token does not expire: nothing is refreshed.
    clientFor: (platform: string) => Promise.resolve({ platform } as SocialClient),
  };
  const run = (at: string) => collectResults(new Date(at), logger, dependencies);

  /** A company on `platform` with `count` posts published at `publishedAt`, on the due list. */
  const company = async (platform: MetaPlatform, count: number, publishedAt: string) => {
    const { companyId } = await seedCompany({ founder: true, timeZone: 'UTC' });
    const pageId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e9));
    const accessToken = `page-token-${companyId}`;
    await storeConnection({
      companyId,
      platform,
      account:
        platform === 'facebook'
          ? { id: pageId, handle: 'Harbor', displayName: 'Harbor' }
          : { id: `178${pageId}`, handle: '@harbor', displayName: 'Harbor' },
      grant: { accessToken, scopes: [] },
      page: { id: pageId, name: 'Harbor' },
    });
    const { posts } = await seedPublishedPostsDue({
      companyId,
      platform: platform,
      count,
      publishedAt,
      providerPostIdOf: (n) =>
        platform === 'facebook' ? `${pageId}_${1000 + n}` : `179${pageId}${n}`,
    });
    return { companyId, accessToken, posts };
  };

  const resultsOf = async (post: { companyId: string; campaignId: string; contentId: string }) =>
    (await contentEntity().get(post).go({ consistent: true })).data?.results;

  it('reads each Facebook Page post’s insights, one post a request, with the Page token in a header', async () => {
    const { companyId, accessToken, posts } = await company(
      'facebook',
      2,
      '2026-03-30T18:30:00.000Z',
    );
    const summary = await run('2026-03-30T19:31:00.000Z');
    expect(summary.recorded).toBe(2);
    expect(summary.requests).toEqual([
      { platform: 'facebook', posts: 1 },
      { platform: 'facebook', posts: 1 },
    ]);
    expect(reads().sort()).toEqual(posts.map((post) => post.providerPostId).sort());
    const request = graph.requests[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(request.url).not.toContain(accessToken);
    const query = new URL(request.url, 'http://graph').searchParams;
    expect(query.get('metric')).toBe('post_media_view,post_reactions_by_type_total,post_clicks');
    // Views are the impressions; reactions of every type and clicks the engagements.
    expect(await resultsOf(posts[0]!)).toMatchObject({
      impressions: 900,
      engagements: 30,
      age: '1h',
    });
    const { data: account } = await resultTotalEntity()
      .get({ companyId, platform: 'facebook', scope: 'account', key: '' })
      .go();
    expect(account).toMatchObject({ posts: 2, impressions: 1800, engagements: 60 });
  });

  it('reads each Instagram media’s views and total interactions', async () => {
    const { posts } = await company('instagram', 1, '2026-03-30T18:30:00.000Z');
    expect((await run('2026-03-30T19:31:00.000Z')).recorded).toBe(1);
    const query = new URL(graph.requests[0]!.url, 'http://graph').searchParams;
    expect(query.get('metric')).toBe('views,total_interactions');
    expect(await resultsOf(posts[0]!)).toMatchObject({
      impressions: 1200,
      engagements: 55,
      age: '1h',
    });
  });

  it('drops a post Meta no longer has, and keeps reading the others', async () => {
    const { posts } = await company('facebook', 2, '2026-03-30T18:30:00.000Z');
    const gone = posts[0]!.providerPostId;
    const answered = graph.answer;
    graph.answer = (request) =>
      request.url.includes(`/${gone}/insights`)
        ? {
            status: 400,
            body: {
              error: {
                message: `(#100) Unsupported get request. Object with ID '${gone}' does not exist`,
                code: 100,
                error_subcode: 33,
              },
            },
          }
        : answered(request);
    const summary = await run('2026-03-30T19:31:00.000Z');
    expect(summary).toMatchObject({ recorded: 1, dropped: 1 });
    expect(await resultsOf(posts[1]!)).toMatchObject({ impressions: 900 });
  });

  it('a Graph API rate limit (code 4) pauses that company’s collection; other companies go on', async () => {
    const limited = await company('instagram', 2, '2026-08-03T09:00:00.000Z');
    const other = await company('instagram', 1, '2026-08-03T09:00:00.000Z');
    const answered = graph.answer;
    graph.answer = (request) =>
      limited.posts.some((post) => request.url.includes(`/${post.providerPostId}/insights`))
        ? {
            status: 400,
            body: { error: { message: '(#4) Application request limit reached', code: 4 } },
          }
        : answered(request);
    const at = '2026-08-03T10:01:00.000Z';
    const summary = await run(at);
    expect(summary.paused).toEqual([`instagram#${limited.companyId}`]);
    // The first refusal stops the company's batch: its second post is not asked for.
    const limitedIds = limited.posts.map((post) => post.providerPostId);
    expect(reads().filter((id) => limitedIds.includes(id))).toHaveLength(1);
    const { data: pause } = await collectionPauseEntity()
      .get({ scope: `instagram#${limited.companyId}` })
      .go();
    expect(pause).toMatchObject({
      reason: 'rate-limit',
      until: new Date(Date.parse(at) + COLLECTION_RATE_LIMIT_PAUSE_MS).toISOString(),
    });
    expect(summary.recorded).toBe(1);
    expect(await resultsOf(other.posts[0]!)).toMatchObject({ age: '1h' });
    expect(await resultsOf(limited.posts[0]!)).toBeUndefined();

    // While paused nothing is asked; after the pause its posts are read.
    answerInsights();
    graph.requests.length = 0;
    expect((await run(new Date(Date.parse(at) + 60_000).toISOString())).requests).toEqual([]);
    const later = new Date(Date.parse(at) + COLLECTION_RATE_LIMIT_PAUSE_MS + 60_000);
    expect((await run(later.toISOString())).recorded).toBe(2);
  });
});
