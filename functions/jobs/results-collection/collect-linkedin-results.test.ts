import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { useLocalTable } from '#test/support/local-table';
import { seedCompany } from '#test/support/seed';
import { clearResultsDue, seedPublishedPostsDue } from '#test/support/published-posts';
import { withEnvironment } from '#functions/core/environment';
import { resultDueEntity } from '#functions/core/db/entities/result-due';
import { createLinkedInMetricsReader } from '#functions/integrations/social/linkedin-metrics';
import {
  POST_METRICS_READERS,
  type PostMetricsReader,
} from '#functions/integrations/social/post-metrics';
import type { SocialClient } from '#functions/integrations/social/social-client';
import { storeConnection } from '#functions/platforms/credentials';
import { collectResults } from './collect-results';

/**
 * LinkedIn's post statistics need `r_member_postAnalytics`, which LinkedIn grants an app after
 * review: collection reads a LinkedIn post only where the stage says the app has it and the
 * post's connection granted it, with the real reader against a fake that records each request.
 */
describe('results collection on LinkedIn', () => {
  useLocalTable({ CREDENTIAL_KEY: 'k'.repeat(64) });

  let linkedIn: FakeHttpService;
  /** The post URN of each statistics request, in order. */
  const reads = () =>
    linkedIn.requests
      .filter((request) => request.url.startsWith('/rest/memberCreatorPostAnalytics?'))
      .map((request) => {
        const entity = new URL(request.url, 'http://li').searchParams.get('entity')!;
        return decodeURIComponent(/^\((?:share|ugc):(.+)\)$/.exec(entity)![1]!);
      });

  beforeAll(async () => {
    linkedIn = await startFakeHttpService(() => ({
      status: 200,
      body: { elements: [{ count: 7 }] },
    }));
  });
  afterAll(() => linkedIn.close());
  afterEach(async () => {
    await clearResultsDue();
    linkedIn.requests.length = 0;
  });

  /** Every info line of a run, by message. */
  const recordingLogger = () => {
    const infos: { message: string; details: unknown }[] = [];
    return {
      infos,
      logger: {
        info: (message: unknown, ...details: unknown[]) =>
          void infos.push({ message: String(message), details: details[0] }),
        warn: () => undefined,
        error: () => undefined,
      },
    };
  };

  const reader = (): PostMetricsReader =>
    createLinkedInMetricsReader({
      apiBaseUrl: linkedIn.origin,
      version: '202607',
      timeoutMs: 5_000,
    });
  const run = (
    at: string,
    logger: ReturnType<typeof recordingLogger>['logger'],
    readerFor: () => Promise<PostMetricsReader | null> = () => Promise.resolve(reader()),
  ) =>
    collectResults(new Date(at), logger, {
      readerFor,
      // LinkedIn's tokens are fresh for 60 days: nothing is refreshed.
      clientFor: () => Promise.resolve({ platform: 'linkedin' } as SocialClient),
    });

  /** A company on LinkedIn whose connection granted `scopes`, with `count` posts on the due list. */
  const company = async (scopes: string[], count: number, publishedAt: string) => {
    const { companyId } = await seedCompany({ founder: true, timeZone: 'UTC' });
    await storeConnection({
      companyId,
      platform: 'linkedin',
      account: { id: 'member-1', handle: 'Harbor', displayName: 'Harbor' },
      grant: {
        accessToken: `li-${companyId}`,
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        scopes,
      },
    });
    const { posts } = await seedPublishedPostsDue({
      companyId,
      platform: 'linkedin',
      count,
      publishedAt,
      providerPostIdOf: (n) => `urn:li:share:${Date.now()}${n}${Math.floor(Math.random() * 1e6)}`,
    });
    return posts;
  };
  const granted = ['openid', 'profile', 'w_member_social', 'r_member_postAnalytics'];
  const notGranted = ['openid', 'profile', 'w_member_social'];
  const onDueList = async (post: { contentId: string }) =>
    (await resultDueEntity().get({ contentId: post.contentId }).go({ consistent: true })).data !==
    null;

  it('reads the posts of a connection that granted post analytics, and drops the others unread with one log line', async () => {
    const [read] = await company(granted, 1, '2026-10-05T09:00:00.000Z');
    const unread = [
      ...(await company(notGranted, 2, '2026-10-05T09:00:00.000Z')),
      ...(await company(notGranted, 1, '2026-10-05T09:00:00.000Z')),
    ];
    const { infos, logger } = recordingLogger();

    const summary = await run('2026-10-05T10:01:00.000Z', logger);

    // Four metrics, one request each, for the one post that may be read.
    expect(reads()).toEqual(Array(4).fill(read!.providerPostId));
    expect(summary).toMatchObject({ recorded: 1, dropped: 3 });
    expect(await onDueList(read!)).toBe(true);
    for (const post of unread) expect(await onDueList(post)).toBe(false);
    expect(infos.filter((line) => line.message.startsWith('Results not read'))).toEqual([
      {
        message: expect.any(String),
        details: { unread: [{ platform: 'linkedin', reason: 'scope-not-granted', posts: 3 }] },
      },
    ]);
  });

  it('reads no LinkedIn post while the app has not been granted post analytics', async () => {
    // The stage's setting off: no reader for LinkedIn.
    const readerOff = await withEnvironment({ LINKEDIN_CLIENT_ID: 'client' }, () =>
      POST_METRICS_READERS.linkedin!(),
    );
    expect(readerOff).toBeNull();
    const posts = [
      ...(await company(granted, 2, '2026-10-05T09:00:00.000Z')),
      ...(await company(notGranted, 1, '2026-10-05T09:00:00.000Z')),
    ];
    const { infos, logger } = recordingLogger();

    const summary = await run('2026-10-05T10:01:00.000Z', logger, () => Promise.resolve(readerOff));

    expect(reads()).toEqual([]);
    expect(summary).toMatchObject({ recorded: 0, dropped: 3, requests: [] });
    for (const post of posts) expect(await onDueList(post)).toBe(false);
    expect(infos.filter((line) => line.message.startsWith('Results not read'))).toEqual([
      {
        message: expect.any(String),
        details: { unread: [{ platform: 'linkedin', reason: 'no-reader', posts: 3 }] },
      },
    ]);
  });
});
