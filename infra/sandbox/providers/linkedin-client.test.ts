import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createLinkedInClient,
  type LinkedInClientSettings,
} from '#functions/integrations/social/linkedin-client';
import { createLinkedInMetricsReader } from '#functions/integrations/social/linkedin-metrics';
import {
  ProviderAuthRevoked,
  ProviderMisconfigured,
  ProviderRateLimited,
  ProviderRejected,
  ProviderUnavailable,
} from '#functions/integrations/social/provider-errors';
import type { SocialClient } from '#functions/integrations/social/social-client';
import {
  connect,
  injectFailure,
  PNG_BYTES,
  startSocialStandIns,
  type SocialStandIns,
} from '#test/support/social-stand-ins';
import { STAND_IN_CLIENTS } from './stand-in-clients';
import { freePort } from '../ports';

interface ListedPost {
  postId: string;
  text: string;
  handle: string;
  accountId: string;
  media: { url: string; altText?: string; contentType: string }[];
}

/** The real LinkedIn client (fetch) against the sandbox's stand-in for LinkedIn. */
describe('LinkedIn client against the stand-in', () => {
  let standIns: SocialStandIns;
  let settings: LinkedInClientSettings;
  let linkedIn: SocialClient;

  beforeAll(async () => {
    standIns = await startSocialStandIns();
    const base = `${standIns.origin}/_sandbox/providers/linkedin`;
    settings = {
      ...STAND_IN_CLIENTS.linkedin,
      apiBaseUrl: base,
      authBaseUrl: base,
      version: '202607',
      timeoutMs: 400,
      postAnalytics: false,
    };
    linkedIn = createLinkedInClient(settings);
  });

  afterEach(() => vi.restoreAllMocks());
  afterAll(() => standIns.close());

  const listedPost = async (postId: string): Promise<ListedPost | undefined> => {
    const { posts } = (await (
      await fetch(`${standIns.origin}/_sandbox/api/posts?platform=linkedin`)
    ).json()) as { posts: ListedPost[] };
    return posts.find((post) => post.postId === postId);
  };

  it('builds the consent URL with its scopes', () => {
    const url = new URL(
      linkedIn.authorizationUrl({
        state: 's',
        redirectUri: 'http://localhost/cb',
        codeChallenge: 'x',
      }),
    );
    expect(url.pathname).toBe('/_sandbox/providers/linkedin/oauth/v2/authorization');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'sailpost-sandbox-linkedin',
      redirect_uri: 'http://localhost/cb',
      state: 's',
      scope: 'openid profile w_member_social',
    });
  });

  it('asks for post analytics too where LinkedIn granted them to the app, and gets them', async () => {
    const analytics = createLinkedInClient({ ...settings, postAnalytics: true });
    const url = new URL(
      analytics.authorizationUrl({
        state: 's',
        redirectUri: 'http://localhost/cb',
        codeChallenge: 'x',
      }),
    );
    expect(url.searchParams.get('scope')).toBe(
      'openid profile w_member_social r_member_postAnalytics',
    );
    // The stand-in grants what the consent page was asked for.
    const grant = await connect(analytics, 'Ada Lovelace');
    expect(grant.scopes).toEqual([
      'openid',
      'profile',
      'w_member_social',
      'r_member_postAnalytics',
    ]);
  });

  it("reads a post's statistics only with the post analytics scope, as LinkedIn does", async () => {
    const reader = createLinkedInMetricsReader(settings);
    const post = async (client: SocialClient, text: string) => {
      const { accessToken } = await connect(client, 'Grace Hopper');
      const { id } = await client.account(accessToken);
      const { postId } = await client.publish({ accessToken, accountId: id, text, media: [] });
      return { accessToken, accountId: id, postIds: [postId] };
    };

    const granted = await post(
      createLinkedInClient({ ...settings, postAnalytics: true }),
      'Read with the scope',
    );
    const metrics = await reader.read(granted);
    expect(metrics.get(granted.postIds[0]!)).toEqual({
      impressions: expect.any(Number),
      engagements: expect.any(Number),
    });
    expect(metrics.get(granted.postIds[0]!)!.impressions).toBeGreaterThan(0);

    const refused = reader.read(await post(linkedIn, 'Read without the scope'));
    await expect(refused).rejects.toBeInstanceOf(ProviderRejected);
    await expect(refused).rejects.toMatchObject({ status: 403 });
  });

  it('trades a code for a 60-day token and no refresh token', async () => {
    const grant = await connect(linkedIn, 'Ada Lovelace');
    expect(grant.accessToken).toMatch(/^sbx-li-at-/);
    expect(grant.refreshToken).toBeUndefined();
    expect(grant.scopes).toEqual(['openid', 'profile', 'w_member_social']);
    const days = (Date.parse(grant.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);
  });

  it('cannot refresh without a refresh token: the owner connects again', async () => {
    await expect(linkedIn.refresh('')).rejects.toBeInstanceOf(ProviderAuthRevoked);
    await expect(linkedIn.refresh('not-a-refresh-token')).rejects.toBeInstanceOf(
      ProviderAuthRevoked,
    );
  });

  it('tells who connected (OpenID userinfo)', async () => {
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    expect(await linkedIn.account(accessToken)).toEqual({
      id: expect.stringMatching(/^[\w-]{6,}$/),
      handle: 'Ada Lovelace',
      displayName: 'Ada Lovelace',
      avatarUrl: `${standIns.origin}/_sandbox/providers/avatars/Ada%20Lovelace.svg`,
    });
  });

  it('uploads an image through the Images API and posts it with the versioned headers', async () => {
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    const { id } = await linkedIn.account(accessToken);
    const before = standIns.received.length;
    const published = await linkedIn.publish({
      accessToken,
      accountId: id,
      text: 'One image',
      media: [{ bytes: PNG_BYTES, contentType: 'image/png', altText: 'The engine' }],
    });
    expect(published.postId).toMatch(/^urn:li:share:\d+$/);
    expect(published.url).toBe(`https://www.linkedin.com/feed/update/${published.postId}`);

    const calls = standIns.received.slice(before);
    expect(
      calls.map(
        (call) => `${call.method} ${call.url.replace(/dms-uploads\/[\w-]+$/, 'dms-uploads/{id}')}`,
      ),
    ).toEqual([
      'POST /_sandbox/providers/linkedin/rest/images?action=initializeUpload',
      'PUT /_sandbox/providers/linkedin/dms-uploads/{id}',
      'POST /_sandbox/providers/linkedin/rest/posts',
    ]);
    for (const call of [calls[0]!, calls[2]!]) {
      expect(call.headers).toMatchObject({
        'linkedin-version': '202607',
        'x-restli-protocol-version': '2.0.0',
        authorization: `Bearer ${accessToken}`,
      });
    }
    expect(calls[1]?.headers['content-type']).toBe('image/png');

    const post = await listedPost(published.postId);
    expect(post).toMatchObject({ text: 'One image', handle: 'Ada Lovelace', accountId: id });
    expect(post?.media).toEqual([
      { url: expect.any(String), altText: 'The engine', contentType: 'image/png' },
    ]);
    const image = await fetch(post!.media[0]!.url);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('posts several images as a multi-image post', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    const { id } = await linkedIn.account(accessToken);
    const published = await linkedIn.publish({
      accessToken,
      accountId: id,
      text: 'Two images',
      media: [
        { bytes: PNG_BYTES, contentType: 'image/png', altText: 'First' },
        { bytes: PNG_BYTES, contentType: 'image/png' },
      ],
    });
    const [, postInit] = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/rest/posts'))!;
    const body = JSON.parse(String(postInit?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      author: `urn:li:person:${id}`,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      distribution: { feedDistribution: 'MAIN_FEED' },
      content: {
        multiImage: {
          images: [
            { id: expect.stringMatching(/^urn:li:image:/), altText: 'First' },
            { id: expect.stringMatching(/^urn:li:image:/) },
          ],
        },
      },
    });
    expect((await listedPost(published.postId))?.media).toHaveLength(2);
  });

  it("escapes the text for LinkedIn's little format, and it arrives as written", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    const { id } = await linkedIn.account(accessToken);
    const text = 'Open (9-5) @ the #harbor <3 ~50% off *today* [sic] {a|b} \\o/ my_name';
    const published = await linkedIn.publish({ accessToken, accountId: id, text, media: [] });

    const [, postInit] = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/rest/posts'))!;
    const { commentary } = JSON.parse(String(postInit?.body)) as { commentary: string };
    expect(commentary).toBe(
      'Open \\(9-5\\) \\@ the \\#harbor \\<3 \\~50% off \\*today\\* \\[sic\\] \\{a\\|b\\} \\\\o/ my\\_name',
    );
    expect((await listedPost(published.postId))?.text).toBe(text);
  });

  it('answers 426 for a version LinkedIn no longer serves: our configuration, logged', async () => {
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    const { id } = await linkedIn.account(accessToken);
    const { logger } = await import('#functions/core/logger');
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const retired = createLinkedInClient({ ...settings, version: '202001' });
    const failure = await retired
      .publish({ accessToken, accountId: id, text: 'Old version', media: [] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderMisconfigured);
    expect(failure).toMatchObject({ status: 426 });
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('configuration'),
      expect.objectContaining({ platform: 'linkedin', status: 426 }),
    );
    expect(JSON.stringify(logged.mock.calls)).not.toContain(accessToken);
  });

  it('says when a rate limit ends (Retry-After)', async () => {
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    await injectFailure(standIns.origin, 'linkedin', '429');
    const failure = await linkedIn.account(accessToken).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderRateLimited);
    const seconds = ((failure as ProviderRateLimited).resetAt!.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it('answers a 5xx as unavailable, certainly not posted', async () => {
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    const { id } = await linkedIn.account(accessToken);
    await injectFailure(standIns.origin, 'linkedin', '500');
    const failure = await linkedIn
      .publish({ accessToken, accountId: id, text: 'Down', media: [] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderUnavailable);
    expect(failure).toMatchObject({ status: 500, certainlyNotPosted: true });
  });

  it('times out on the post: the outcome is unknown', async () => {
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    const { id } = await linkedIn.account(accessToken);
    await injectFailure(standIns.origin, 'linkedin', 'timeout');
    await expect(
      linkedIn.publish({ accessToken, accountId: id, text: 'Slow', media: [] }),
    ).rejects.toMatchObject({
      name: 'ProviderUnavailable',
      certainlyNotPosted: false,
      message: 'LinkedIn did not answer in time',
    });
  });

  it('cannot be reached on the post: certainly not posted, so it may be tried again', async () => {
    // A port nothing listens on (fetch refuses to call the well-known ones, such as 9).
    const closed = await freePort('127.0.0.1');
    const nowhere = createLinkedInClient({ ...settings, apiBaseUrl: `http://127.0.0.1:${closed}` });
    await expect(
      nowhere.publish({ accessToken: 'token', accountId: 'abc', text: 'Nowhere', media: [] }),
    ).rejects.toMatchObject({
      name: 'ProviderUnavailable',
      certainlyNotPosted: true,
      message: 'LinkedIn could not be reached',
    });
  });

  it('answers a revoked token (401) as a revoked grant', async () => {
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    await injectFailure(standIns.origin, 'linkedin', 'revoke');
    await expect(linkedIn.account(accessToken)).rejects.toBeInstanceOf(ProviderAuthRevoked);
  });

  it('refuses a duplicate post with LinkedIn’s reason', async () => {
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    const { id } = await linkedIn.account(accessToken);
    const post = { accessToken, accountId: id, text: 'Said once', media: [] };
    await linkedIn.publish(post);
    const again = linkedIn.publish(post);
    await expect(again).rejects.toBeInstanceOf(ProviderRejected);
    await expect(again).rejects.toThrow(/duplicate/);
  });

  it('revokes the token when disconnecting, and never fails for it', async () => {
    const { accessToken } = await connect(linkedIn, 'Ada Lovelace');
    await linkedIn.revoke({ accessToken });
    await expect(linkedIn.account(accessToken)).rejects.toBeInstanceOf(ProviderAuthRevoked);
    const unreachable = createLinkedInClient({ ...settings, authBaseUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.revoke({ accessToken })).resolves.toBeUndefined();
  });
});
