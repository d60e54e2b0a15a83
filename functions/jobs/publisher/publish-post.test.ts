import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import {
  PUBLISH_ERRORS,
  attemptInRound,
  publishLimitTurnNote,
  publishRetryDelayMs,
} from '#shared/domain/content';
import { withEnvironment } from '#functions/core/environment';
import { rateBucketEntity } from '#functions/core/db/entities/rate-bucket';
import { contentEntity } from '#functions/core/db/entities/content';
import { logger } from '#functions/core/logger';
import {
  ProviderAuthRevoked,
  ProviderQuotaReached,
  ProviderRateLimited,
  ProviderRejected,
  ProviderUnavailable,
} from '#functions/integrations/social/provider-errors';
import type { SocialClient } from '#functions/integrations/social/social-client';
import { findCredential, storeConnection } from '#functions/platforms/credentials';
import { nextAttemptAt, publishPost } from './publish-post';
import { seedCompany } from '#test/support/seed';
import { logLinesOf } from '#test/support/log-lines';

/**
 * The publisher's domain module against DynamoDB Local, with a fake X client: the post's own
 * claim (not the job's idempotency claim) makes concurrent runs publish once, and each provider
 * failure ends in the state and words it calls for. Rescheduling is covered by the API tests.
 */
describe('publishPost', () => {
  // X's app-wide bucket out of the way, but for the test that is about it.
  const roomyLimits = { 'x-posts': { amount: 1000, perSeconds: 1, burst: 1000 } };
  useLocalTable({ CREDENTIAL_KEY: 'k'.repeat(64), THROUGHPUT_LIMITS: JSON.stringify(roomyLimits) });

  const fakeClient = (publish: SocialClient['publish']) => {
    const calls: string[] = [];
    const client = {
      platform: 'twitter',
      publish: async (input) => {
        calls.push(input.text);
        return publish(input);
      },
    } as SocialClient;
    return { calls, clientFor: () => Promise.resolve(client) };
  };

  const scheduledPost = async (attempt = 1) => {
    const { companyId } = await seedCompany({ founder: true });
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
    const event = { companyId, campaignId: randomUUID(), contentId: randomUUID(), attempt };
    await contentEntity()
      .create({
        ...event,
        platform: 'twitter',
        status: 'scheduled',
        content: 'Fresh roast at dawn',
        generation: { source: 'offline' },
        scheduledFor: new Date().toISOString(),
        publishAttempt: attempt,
      })
      .go();
    return event;
  };

  const postOf = async (event: { companyId: string; campaignId: string; contentId: string }) =>
    (
      await contentEntity()
        .get({
          companyId: event.companyId,
          campaignId: event.campaignId,
          contentId: event.contentId,
        })
        .go({ consistent: true })
    ).data!;

  it('publishes once when three runs claim the same post at once', async () => {
    const event = await scheduledPost();
    // The run that holds the post stays at the provider until the other two have finished, so
    // they meet it there however slowly a loaded machine starts them (a timer raced them).
    let othersFinished!: () => void;
    const held = new Promise<void>((resolve) => (othersFinished = resolve));
    const { calls, clientFor } = fakeClient(async () => {
      await held;
      return { postId: '1', url: 'https://x.com/harbor/status/1' };
    });
    let finished = 0;
    const outcomes = await Promise.all(
      [1, 2, 3].map(() =>
        publishPost(event, logger, { clientFor }).finally(() => {
          if (++finished === 2) othersFinished();
        }),
      ),
    );
    expect(outcomes.sort()).toEqual(['held-elsewhere', 'held-elsewhere', 'published']);
    expect(calls).toEqual(['Fresh roast at dawn']);
    expect(await postOf(event)).toMatchObject({
      status: 'published',
      providerPostId: '1',
      postUrl: 'https://x.com/harbor/status/1',
    });
    expect(await publishPost(event, logger, { clientFor })).toBe('not-due');
  });

  it('fails as unknown when the provider may have taken the post, and as refused with its reason', async () => {
    const silent = await scheduledPost();
    const lost = fakeClient(() =>
      Promise.reject(
        new ProviderUnavailable('twitter', 'X did not answer in time', undefined, false),
      ),
    );
    expect(await publishPost(silent, logger, { clientFor: lost.clientFor })).toBe('failed');
    expect(await postOf(silent)).toMatchObject({
      status: 'failed',
      publishError: PUBLISH_ERRORS.unknownOutcome,
    });

    const refused = await scheduledPost();
    const rejecting = fakeClient(() =>
      Promise.reject(
        new ProviderRejected('twitter', 'X refused the request: text is too long', 400),
      ),
    );
    expect(await publishPost(refused, logger, { clientFor: rejecting.clientFor })).toBe('failed');
    expect((await postOf(refused)).publishError).toBe('X refused the request: text is too long');
  });

  it('counts a post published, with its lateness after the slot, and a post failed, by platform', async () => {
    const event = await scheduledPost();
    const { clientFor } = fakeClient(async () => ({ postId: 'x-9', url: 'https://x.com/i/9' }));
    const refused = await scheduledPost();
    const rejecting = fakeClient(() =>
      Promise.reject(new ProviderRejected('twitter', 'X refused the request', 400)),
    );
    const lines = await logLinesOf(async () => {
      expect(await publishPost(event, logger, { clientFor })).toBe('published');
      expect(await publishPost(refused, logger, { clientFor: rejecting.clientFor })).toBe('failed');
    });
    const metric = (name: string) => lines.filter((line) => name in line);
    expect(metric('PostsPublished')).toEqual([
      expect.objectContaining({ Platform: 'twitter', PostsPublished: 1 }),
    ]);
    const [lateness] = metric('PublishLateness');
    expect(lateness).toMatchObject({ Platform: 'twitter' });
    // The post's slot was "now" when it was seeded: late by the test's own seconds at most.
    expect(lateness!.PublishLateness).toBeGreaterThanOrEqual(0);
    expect(lateness!.PublishLateness).toBeLessThan(30);
    expect(metric('PostsFailed')).toEqual([
      expect.objectContaining({ Platform: 'twitter', PostsFailed: 1 }),
    ]);
  });

  it('fails and marks the credential when the grant was revoked', async () => {
    const event = await scheduledPost();
    const { clientFor } = fakeClient(() =>
      Promise.reject(
        new ProviderAuthRevoked('twitter', 'X no longer accepts this connection', 401),
      ),
    );
    expect(await publishPost(event, logger, { clientFor })).toBe('failed');
    expect((await postOf(event)).publishError).toBe(PUBLISH_ERRORS.needsReconnection);
    expect((await findCredential(event.companyId, 'twitter'))!.needsReconnection).toBe(true);

    // The next post of that account fails before the provider is asked.
    const next = { ...event, contentId: randomUUID() };
    await contentEntity()
      .create({
        ...next,
        platform: 'twitter',
        status: 'scheduled',
        content: 'Second roast',
        generation: { source: 'offline' },
        publishAttempt: 1,
      })
      .go();
    const untouched = fakeClient(() => Promise.reject(new Error('not called')));
    expect(await publishPost(next, logger, { clientFor: untouched.clientFor })).toBe('failed');
    expect(untouched.calls).toEqual([]);
    expect((await postOf(next)).publishError).toBe(PUBLISH_ERRORS.needsReconnection);
  });

  it('fails a rate-limited post at the last attempt with the rate-limit words', async () => {
    const event = await scheduledPost(3);
    const { clientFor } = fakeClient(() =>
      Promise.reject(new ProviderRateLimited('twitter', 'X is limiting requests', undefined)),
    );
    expect(await publishPost(event, logger, { clientFor })).toBe('failed');
    expect(await postOf(event)).toMatchObject({
      status: 'failed',
      publishError: PUBLISH_ERRORS.rateLimited,
    });
  });

  it("slots a post over the account's publishing limit later, and its card says why", async () => {
    const event = await scheduledPost(1);
    const freeAgain = new Date(Date.now() + 60 * 60_000);
    const words = 'Instagram’s limit of posts in 24 hours for this account is used up.';
    const { clientFor } = fakeClient(() =>
      Promise.reject(new ProviderQuotaReached('twitter', words, freeAgain)),
    );
    expect(await publishPost(event, logger, { clientFor })).not.toBe('failed');
    const post = await postOf(event);
    // A new attempt at the same place of the next round: waiting spends none of the tries.
    expect(post).toMatchObject({ status: 'scheduled', publishAttempt: 4, slotReason: words });
    expect(attemptInRound(post.publishAttempt!)).toBe(1);
    expect(Date.parse(post.scheduledFor ?? '')).toBeGreaterThanOrEqual(freeAgain.getTime());
    expect(post.publishError).toBeUndefined();
  });

  it("waits however often the account's limit is used up, and never fails for it", async () => {
    let event = await scheduledPost(1);
    const { clientFor, calls } = fakeClient(() =>
      Promise.reject(
        new ProviderQuotaReached('twitter', 'used up', new Date(Date.now() + 3_600_000)),
      ),
    );
    // More waits than a round has tries.
    for (let wait = 0; wait < 5; wait++) {
      expect(await publishPost(event, logger, { clientFor })).toBe('retry-scheduled');
      event = { ...event, attempt: (await postOf(event)).publishAttempt! };
    }
    expect(calls).toHaveLength(5);
    expect(await postOf(event)).toMatchObject({ status: 'scheduled', publishAttempt: 16 });
  });

  it("spaces posts over the app's publishing limit into reserved turns, each published once at its turn", async () => {
    // One X post an hour for the whole app: three posts due at once.
    const limits = JSON.stringify({ 'x-posts': { amount: 1, perSeconds: 3600, burst: 1 } });
    await withEnvironment({ ...process.env, THROUGHPUT_LIMITS: limits }, async () => {
      await rateBucketEntity().delete({ rule: 'throughput:x-posts', subject: '0' }).go();
      const due = [await scheduledPost(), await scheduledPost(), await scheduledPost()];
      const published = fakeClient(async () => ({ postId: 'x-1', url: 'https://x.com/i/1' }));
      const outcomes = [];
      for (const event of due) outcomes.push(await publishPost(event, logger, published));
      expect(outcomes).toEqual(['published', 'retry-scheduled', 'retry-scheduled']);
      expect(published.calls).toHaveLength(1);

      const waiting = await Promise.all(due.slice(1).map(postOf));
      const turns = waiting.map((post) => Date.parse(post.scheduledFor!) - Date.now());
      // In order, an hour apart: the second post's turn in about an hour, the third's in two.
      expect(turns[0]).toBeGreaterThan(3_500_000);
      expect(turns[0]).toBeLessThan(3_700_000);
      expect(turns[1]! - turns[0]!).toBeGreaterThan(3_550_000);
      for (const post of waiting) {
        expect(post).toMatchObject({
          status: 'scheduled',
          publishAttempt: 4,
          slotReason: publishLimitTurnNote('X'),
        });
      }

      // At its turn the post goes without asking the limit again (it is still in debt), once.
      const second = { ...due[1]!, attempt: 4, turn: waiting[0]!.scheduledFor! };
      expect(await publishPost(second, logger, published)).toBe('published');
      expect(await publishPost(second, logger, published)).toBe('not-due');
      expect(published.calls).toHaveLength(2);
      // Without a turn of its own the third post reserves another, later one.
      const third = { ...due[2]!, attempt: 4 };
      expect(await publishPost(third, logger, published)).toBe('retry-scheduled');
      expect((await postOf(third)).publishAttempt).toBe(7);
      // Its debt would hold up the other tests' posts.
      await rateBucketEntity().delete({ rule: 'throughput:x-posts', subject: '0' }).go();
    });
  });

  it('counts the lateness of a post that waited from the slot it was first due at', async () => {
    const event = await scheduledPost();
    const { clientFor } = fakeClient(async () => ({ postId: 'x-8', url: 'https://x.com/i/8' }));
    const slot = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const lines = await logLinesOf(async () => {
      expect(await publishPost({ ...event, slot }, logger, { clientFor })).toBe('published');
    });
    const [lateness] = lines.filter((line) => 'PublishLateness' in line);
    expect(lateness!.PublishLateness).toBeGreaterThan(3 * 3600 - 30);
  });

  it('gives the claim back when something fails before the provider is asked', async () => {
    const event = await scheduledPost();
    const clientFor = () => Promise.reject(new Error('the table is throttled'));
    await expect(publishPost(event, logger, { clientFor })).rejects.toThrow('throttled');
    const post = await postOf(event);
    expect(post).toMatchObject({ status: 'scheduled', publishAttempt: 1 });
    expect(post.publishingSince).toBeUndefined();
  });

  it('waits the back-off, or until the rate limit resets when that is later', () => {
    const now = new Date('2026-03-02T14:00:00Z');
    expect(nextAttemptAt(1, now).getTime()).toBe(now.getTime() + publishRetryDelayMs(1));
    expect(nextAttemptAt(2, now).getTime()).toBe(now.getTime() + 4 * 60_000);
    const reset = new Date('2026-03-02T14:15:00Z');
    expect(nextAttemptAt(1, now, reset)).toEqual(reset);
    expect(nextAttemptAt(2, now, new Date('2026-03-02T14:00:30Z')).getTime()).toBe(
      now.getTime() + 4 * 60_000,
    );
  });
});
