import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { useLocalTable } from '#test/support/local-table';
import { seedCompany } from '#test/support/seed';
import { clearResultsDue, seedPublishedPostsDue } from '#test/support/published-posts';
import { X_LOOKUP_BATCH_MAX, X_READS_PER_COMPANY_PER_MONTH } from '#shared/domain/post-results';
import { collectionPauseEntity } from '#functions/core/db/entities/collection-state';
import { contentEntity } from '#functions/core/db/entities/content';
import { postResultEntity } from '#functions/core/db/entities/post-result';
import { resultTotalEntity } from '#functions/core/db/entities/result-total';
import { logger } from '#functions/core/logger';
import { createXMetricsReader } from '#functions/integrations/social/x-metrics';
import type { SocialClient } from '#functions/integrations/social/social-client';
import { storeConnection } from '#functions/platforms/credentials';
import { publishPost } from '../publisher/publish-post';
import { collectResults } from './collect-results';

/**
 * Results collection against DynamoDB Local, with twitter-api-v2's real lookup talking to a fake
 * of X's `GET /2/tweets` that records every request and answers each id's public metrics (or a
 * scripted failure).
 */
// Each test publishes and reads hundreds of posts against DynamoDB Local (about 8 s alone): a
// busy 2-core machine needs more than the default 15 s.
describe('results collection', { timeout: 60_000 }, () => {
  useLocalTable({ CREDENTIAL_KEY: 'k'.repeat(64) });

  let x: FakeHttpService;
  /** Each lookup's ids, in order. */
  const lookups = () =>
    x.requests
      .filter((request) => request.url.startsWith('/2/tweets?'))
      .map((request) => new URL(request.url, 'http://x').searchParams.get('ids')!.split(','));
  const metricsAnswer = (ids: string[]) => ({
    status: 200,
    body: {
      data: ids.map((id) => ({
        id,
        text: 'a post',
        edit_history_tweet_ids: [id],
        public_metrics: {
          impression_count: 1000,
          like_count: 20,
          retweet_count: 5,
          reply_count: 3,
          quote_count: 1,
          bookmark_count: 1,
        },
      })),
    },
  });
  const answerMetrics = () => {
    x.answer = (request) =>
      metricsAnswer(new URL(request.url, 'http://x').searchParams.get('ids')!.split(','));
  };

  beforeAll(async () => {
    x = await startFakeHttpService(() => ({ status: 500 }));
    answerMetrics();
  });
  afterAll(() => x.close());
  afterEach(async () => {
    await clearResultsDue();
    x.requests.length = 0;
    answerMetrics();
  });

  const dependencies = {
    readerFor: () =>
      Promise.resolve(
        createXMetricsReader({
          apiBaseUrl: x.origin,
          timeoutMs: 5_000,
          batchMax: X_LOOKUP_BATCH_MAX,
        }),
      ),
    // The stored tokens are fresh: nothing is refreshed.
    clientFor: () => Promise.resolve({ platform: 'twitter' } as SocialClient),
  };
  const run = (at: string) => collectResults(new Date(at), logger, dependencies);

  let nextId = 0;
  /** A company on X with `count` posts published at `publishedAt`, on the due list. */
  const company = async (count: number, publishedAt: string) => {
    const { companyId } = await seedCompany({ founder: true, timeZone: 'UTC' });
    await storeConnection({
      companyId,
      platform: 'twitter',
      account: { id: 'x-1', handle: '@harbor', displayName: 'Harbor' },
      grant: {
        accessToken: 'access',
        refreshToken: 'refresh',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        scopes: [],
      },
    });
    const { campaignId, posts } = await seedPublishedPostsDue({
      companyId,
      platform: 'twitter',
      count,
      publishedAt,
      // A Snowflake-sized id of its own.
      providerPostIdOf: () => String(1_800_000_000_000_000_000n + BigInt(nextId++)),
    });
    return { companyId, campaignId, posts };
  };

  const resultsOf = async (post: { companyId: string; campaignId: string; contentId: string }) =>
    (await contentEntity().get(post).go({ consistent: true })).data?.results;

  it('reads each post about 1 h, 24 h and 7 d after publishing, at most 100 ids a request, and adds each post to the totals once', async () => {
    // 150 posts read twice in March is the month's cap exactly; the third reading is in April.
    const { companyId, posts } = await company(150, '2026-03-30T18:30:00.000Z');

    expect((await run('2026-03-30T19:00:00.000Z')).requests).toEqual([]);

    const first = await run('2026-03-30T19:31:00.000Z');
    expect(first.recorded).toBe(150);
    expect(lookups().map((ids) => ids.length)).toEqual([100, 50]);
    expect(new Set(lookups().flat()).size).toBe(150);
    expect(await resultsOf(posts[0]!)).toMatchObject({
      impressions: 1000,
      engagements: 30,
      age: '1h',
    });

    // Later the same day nothing more is due.
    expect((await run('2026-03-30T23:59:00.000Z')).requests).toEqual([]);

    expect((await run('2026-03-31T18:31:00.000Z')).recorded).toBe(150);
    expect(await resultsOf(posts[149]!)).toMatchObject({ age: '24h' });
    expect((await run('2026-04-06T18:31:00.000Z')).recorded).toBe(150);
    expect(await resultsOf(posts[7]!)).toMatchObject({ age: '7d' });
    expect(lookups()).toHaveLength(6);

    // After the third reading the posts leave the due list.
    expect((await run('2026-04-20T12:00:00.000Z')).requests).toEqual([]);

    // Three readings of each post, counted once each in the totals.
    const { data: account } = await resultTotalEntity()
      .get({ companyId, platform: 'twitter', scope: 'account', key: '' })
      .go();
    expect(account).toMatchObject({ posts: 150, impressions: 150_000, engagements: 4500 });
    const { data: cell } = await resultTotalEntity()
      .get({ companyId, platform: 'twitter', scope: 'cell', key: 'mon#evening' })
      .go();
    expect(cell?.posts).toBe(150);
    const { data: stored } = await postResultEntity()
      .get({ companyId, contentId: posts[3]!.contentId })
      .go();
    expect(stored).toMatchObject({ age: '7d', weekStart: '2026-03-30', cell: 'mon#evening' });
  });

  it('never reads a post twice on one UTC day: a 24-hour reading due the day of the first waits for midnight', async () => {
    // Published at 23:30: its first reading falls after midnight, its 24-hour one the same day.
    const { posts } = await company(1, '2026-04-06T23:30:00.000Z');
    expect((await run('2026-04-07T00:31:00.000Z')).recorded).toBe(1);
    expect((await run('2026-04-07T23:31:00.000Z')).requests).toEqual([]);
    expect((await run('2026-04-08T00:01:00.000Z')).recorded).toBe(1);
    expect(await resultsOf(posts[0]!)).toMatchObject({ age: '24h' });
    expect(lookups()).toHaveLength(2);
  });

  it('stops at the monthly cap of reads per company, and reads the rest next month', async () => {
    const over = 20;
    const { companyId } = await company(
      X_READS_PER_COMPANY_PER_MONTH + over,
      '2026-05-27T10:00:00.000Z',
    );
    const summary = await run('2026-05-27T11:01:00.000Z');
    expect(summary.recorded).toBe(X_READS_PER_COMPANY_PER_MONTH);
    expect(lookups().flat()).toHaveLength(X_READS_PER_COMPANY_PER_MONTH);
    expect(summary.paused).toEqual([`twitter#${companyId}`]);

    // Still paused later in the month…
    x.requests.length = 0;
    expect((await run('2026-05-30T12:00:00.000Z')).requests).toEqual([]);
    // …and from June 1 the rest are read (their 24-hour reading, the latest due).
    const june = await run('2026-06-01T00:10:00.000Z');
    expect(june.recorded).toBeGreaterThanOrEqual(over);
  });

  it('a 402 pauses X collection for every company and leaves publishing alone', async () => {
    const { posts } = await company(3, '2026-07-06T09:00:00.000Z');
    x.answer = () => ({
      status: 402,
      body: { title: 'CreditsDepleted', detail: 'Your credits are depleted', status: 402 },
    });
    const summary = await run('2026-07-06T10:01:00.000Z');
    expect(summary.recorded).toBe(0);
    expect(summary.paused).toEqual(['twitter']);
    const { data: pause } = await collectionPauseEntity().get({ scope: 'twitter' }).go();
    expect(pause).toMatchObject({ reason: 'credits', until: '2026-07-07T10:01:00.000Z' });
    expect(await resultsOf(posts[0]!)).toBeUndefined();

    // Another company's posts wait too, without a request.
    await company(2, '2026-07-06T09:30:00.000Z');
    answerMetrics();
    x.requests.length = 0;
    expect((await run('2026-07-06T12:00:00.000Z')).requests).toEqual([]);

    // Publishing goes on: the publisher posts a scheduled post meanwhile.
    const { companyId } = await seedCompany({ founder: true });
    await storeConnection({
      companyId,
      platform: 'twitter',
      account: { id: 'x-2', handle: '@pier', displayName: 'Pier' },
      grant: {
        accessToken: 'access',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        scopes: [],
      },
    });
    const event = { companyId, campaignId: randomUUID(), contentId: randomUUID(), attempt: 1 };
    await contentEntity()
      .create({
        ...event,
        platform: 'twitter',
        status: 'scheduled',
        content: 'Still posting',
        generation: { source: 'offline' },
        scheduledFor: new Date().toISOString(),
        publishAttempt: 1,
      })
      .go();
    const client = {
      platform: 'twitter',
      publish: () => Promise.resolve({ postId: '42', url: 'https://x.com/pier/status/42' }),
    } as unknown as SocialClient;
    expect(await publishPost(event, logger, { clientFor: () => Promise.resolve(client) })).toBe(
      'published',
    );

    // The day after, collection resumes.
    const resumed = await run('2026-07-07T10:02:00.000Z');
    expect(resumed.recorded).toBe(5);
  });

  it('a 429 pauses that company’s collection until X’s reset; other companies go on', async () => {
    const limited = await company(2, '2026-08-03T09:00:00.000Z');
    const other = await company(2, '2026-08-03T09:00:00.000Z');
    const reset = Date.parse('2026-08-03T10:30:00.000Z') / 1000;
    x.answer = (request) => {
      const ids = new URL(request.url, 'http://x').searchParams.get('ids')!.split(',');
      return ids.includes(limited.posts[0]!.providerPostId)
        ? {
            status: 429,
            headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
            body: { title: 'Too Many Requests', status: 429 },
          }
        : metricsAnswer(ids);
    };
    const summary = await run('2026-08-03T10:01:00.000Z');
    expect(summary.paused).toEqual([`twitter#${limited.companyId}`]);
    const { data: pause } = await collectionPauseEntity()
      .get({ scope: `twitter#${limited.companyId}` })
      .go();
    expect(pause).toMatchObject({ reason: 'rate-limit', until: '2026-08-03T10:30:00.000Z' });
    expect(summary.recorded).toBe(2);
    expect(await resultsOf(other.posts[0]!)).toMatchObject({ age: '1h' });
    expect(await resultsOf(limited.posts[0]!)).toBeUndefined();

    // After the reset, its posts are read.
    answerMetrics();
    expect((await run('2026-08-03T10:20:00.000Z')).recorded).toBe(0);
    expect((await run('2026-08-03T10:31:00.000Z')).recorded).toBe(2);
    expect(await resultsOf(limited.posts[1]!)).toMatchObject({ age: '1h' });
  });

  it('gives up a post whose last reading has kept failing for three days past its time', async () => {
    await company(2, '2026-09-07T09:00:00.000Z');
    x.answer = () => ({ status: 403, body: { title: 'Forbidden', status: 403 } });
    expect((await run('2026-09-14T09:01:00.000Z')).recorded).toBe(0);
    expect(await run('2026-09-17T08:59:00.000Z')).toMatchObject({ dropped: 0, recorded: 0 });
    expect(await run('2026-09-17T09:01:00.000Z')).toMatchObject({ dropped: 2, requests: [] });
  });
});
