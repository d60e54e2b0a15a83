import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetaClient, type MetaPlatform } from '#functions/integrations/social/meta-client';
import { createMetaMetricsReader } from '#functions/integrations/social/meta-metrics';
import type { GrantedPage, PageGrantingClient } from '#functions/integrations/social/social-client';
import { connect, startSocialStandIns, type SocialStandIns } from '#test/support/social-stand-ins';
import { audienceMetrics } from './seeded-audience';
import { STAND_IN_CLIENTS } from './stand-in-clients';

/** The smallest JPEG the stand-in takes: its start, a 1×1 frame header, its end. */
const JPEG_BYTES = Buffer.from([
  0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01, 0x03, 0x01, 0x11, 0x00, 0x02,
  0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
]);

/**
 * The real Graph API insights reader against the sandbox's stand-in for Meta: posts published
 * there with the real client are answered from the seeded audience the X and LinkedIn stand-ins
 * use, the same numbers for the same post.
 */
describe('Meta insights against the stand-in', () => {
  let standIns: SocialStandIns;
  let images: Server;
  let imageUrl: string;
  /** The Page each platform's consent granted (the one with an Instagram account), and one more. */
  const pages = {} as Record<MetaPlatform, GrantedPage>;
  let otherPage: GrantedPage;
  const clients = {} as Record<MetaPlatform, PageGrantingClient>;
  const graphBaseUrl = () => `${standIns.origin}/_sandbox/providers/meta`;
  const reader = (platform: MetaPlatform) =>
    createMetaMetricsReader({ platform, graphBaseUrl: graphBaseUrl(), timeoutMs: 2_000 });

  beforeAll(async () => {
    standIns = await startSocialStandIns();
    images = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG_BYTES);
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/photo.jpg`;
    for (const platform of ['facebook', 'instagram'] as const) {
      clients[platform] = createMetaClient({
        platform,
        appId: STAND_IN_CLIENTS.facebook.clientId,
        appSecret: STAND_IN_CLIENTS.facebook.clientSecret,
        graphBaseUrl: graphBaseUrl(),
        dialogBaseUrl: graphBaseUrl(),
        timeoutMs: 2_000,
        pollIntervalMs: 1,
        containerWaitMs: 2_000,
      });
    }
    for (const platform of ['facebook', 'instagram'] as const) {
      const grant = await connect(clients[platform], 'Harbor Roasters');
      const granted = await clients[platform].pages(grant.accessToken);
      pages[platform] = granted.find((one) => one.name === 'Harbor Roasters')!;
      otherPage = granted.find((one) => one.name === 'Harbor Roasters Events')!;
    }
  });
  afterAll(async () => {
    await standIns.close();
    await new Promise<void>((resolve) => images.close(() => resolve()));
  });

  const postedAtOf = async (postId: string): Promise<Date> => {
    const { posts } = (await (await fetch(`${standIns.origin}/_sandbox/api/posts`)).json()) as {
      posts: { postId: string; postedAt: string }[];
    };
    return new Date(posts.find((post) => post.postId === postId)!.postedAt);
  };

  /** What the seeded audience has done with a post read right after it went out (an hour on). */
  const audienceOf = async (platform: MetaPlatform, postId: string) => {
    const postedAt = await postedAtOf(postId);
    const audience = audienceMetrics(
      platform,
      postId,
      postedAt,
      new Date(postedAt.getTime() + 3_600_000),
    );
    return {
      impressions: audience.impressions,
      engagements:
        audience.likes + audience.reposts + audience.replies + audience.quotes + audience.bookmarks,
    };
  };

  it('answers a Page post’s views, reactions and clicks from the seeded audience', async () => {
    const page = pages.facebook;
    const { postId } = await clients.facebook.publish({
      accessToken: page.accessToken,
      accountId: page.id,
      text: 'Fresh roast on Friday',
      media: [],
    });
    const metrics = await reader('facebook').read({
      accessToken: page.accessToken,
      accountId: page.id,
      postIds: [postId],
    });
    const expected = await audienceOf('facebook', postId);
    expect(expected.impressions).toBeGreaterThan(0);
    expect(metrics.get(postId)).toEqual(expected);

    // Another Page's token cannot read it: to the reader the post is gone.
    const unread = await reader('facebook').read({
      accessToken: otherPage.accessToken,
      accountId: otherPage.id,
      postIds: [postId],
    });
    expect(unread.size).toBe(0);
  });

  it('answers an Instagram media’s views and total interactions from the seeded audience', async () => {
    const page = pages.instagram;
    const instagramId = page.instagram!.id;
    const { postId } = await clients.instagram.publish({
      accessToken: page.accessToken,
      accountId: instagramId,
      text: 'Fresh roast on Friday',
      media: [{ bytes: JPEG_BYTES, contentType: 'image/jpeg', url: imageUrl }],
    });
    const metrics = await reader('instagram').read({
      accessToken: page.accessToken,
      accountId: instagramId,
      postIds: [postId, '17900000000000000'],
    });
    expect(metrics.get(postId)).toEqual(await audienceOf('instagram', postId));
    // A media the stand-in never published is absent, not an error.
    expect(metrics.has('17900000000000000')).toBe(false);
  });
});
