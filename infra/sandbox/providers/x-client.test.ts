import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProviderAuthRevoked,
  ProviderDuplicatePost,
  ProviderMisconfigured,
  ProviderRateLimited,
  ProviderUnavailable,
} from '#functions/integrations/social/provider-errors';
import type { SocialClient } from '#functions/integrations/social/social-client';
import { createXClient, type XClientSettings } from '#functions/integrations/social/x-client';
import { createPkcePair } from '#functions/integrations/social/pkce';
import {
  connect,
  consentRedirect,
  injectFailure,
  PNG_BYTES,
  REDIRECT_URI,
  startSocialStandIns,
  type SocialStandIns,
} from '#test/support/social-stand-ins';
import { STAND_IN_CLIENTS } from './stand-in-clients';

/** The real X client (twitter-api-v2) against the sandbox's stand-in for X. */
describe('X client against the stand-in', () => {
  let standIns: SocialStandIns;
  let settings: XClientSettings;
  let x: SocialClient;

  beforeAll(async () => {
    standIns = await startSocialStandIns();
    settings = {
      ...STAND_IN_CLIENTS.twitter,
      apiBaseUrl: `${standIns.origin}/_sandbox/providers/x`,
      authorizeUrl: `${standIns.origin}/_sandbox/providers/x/i/oauth2/authorize`,
      timeoutMs: 400,
    };
    x = createXClient(settings);
  });

  afterAll(() => standIns.close());

  const requestsSince = (count: number) =>
    standIns.received
      .slice(count)
      .map((request) => `${request.method} ${request.url.split('?')[0]}`);

  it('builds the consent URL with the S256 challenge and the scopes it needs', () => {
    const url = new URL(
      x.authorizationUrl({ state: 's', redirectUri: 'http://localhost/cb', codeChallenge: 'abc' }),
    );
    expect(url.pathname).toBe('/_sandbox/providers/x/i/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'sailpost-sandbox-x',
      redirect_uri: 'http://localhost/cb',
      scope: 'tweet.read tweet.write users.read media.write offline.access',
      state: 's',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
    });
  });

  it('trades a consent code and its PKCE verifier for tokens, once', async () => {
    const grant = await connect(x, 'Harbor Coffee');
    expect(grant.accessToken).toMatch(/^sbx-x-at-/);
    expect(grant.refreshToken).toMatch(/^sbx-x-rt-/);
    expect(grant.scopes).toContain('media.write');
    const hours = (Date.parse(grant.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    // The token request carried our client as basic auth.
    const tokenRequest = standIns.received.findLast((request) =>
      request.url.endsWith('/2/oauth2/token'),
    );
    expect(tokenRequest?.headers.authorization).toBe(
      `Basic ${Buffer.from('sailpost-sandbox-x:sailpost-sandbox-x-secret').toString('base64')}`,
    );
  });

  it('refuses a code with the wrong verifier, and a code used twice', async () => {
    const consent = async () => {
      const pkce = createPkcePair();
      const redirect = await consentRedirect(
        x.authorizationUrl({
          state: 's',
          redirectUri: REDIRECT_URI,
          codeChallenge: pkce.codeChallenge,
        }),
        { decision: 'allow', account: 'Harbor Coffee' },
      );
      return { code: redirect.searchParams.get('code')!, codeVerifier: pkce.codeVerifier };
    };

    const first = await consent();
    const wrong = x.exchangeCode({
      code: first.code,
      redirectUri: REDIRECT_URI,
      codeVerifier: createPkcePair().codeVerifier,
    });
    await expect(wrong).rejects.toBeInstanceOf(ProviderAuthRevoked);
    await expect(wrong).rejects.toThrow(/code_verifier/);

    const second = await consent();
    await x.exchangeCode({ ...second, redirectUri: REDIRECT_URI });
    await expect(x.exchangeCode({ ...second, redirectUri: REDIRECT_URI })).rejects.toThrow(
      /authorization code was invalid/,
    );
  });

  it('refreshes with a new refresh token; the spent one is refused and ends the grant', async () => {
    const grant = await connect(x, 'Rotating Owner');
    const next = await x.refresh(grant.refreshToken!);
    expect(next.refreshToken).toBeDefined();
    expect(next.refreshToken).not.toBe(grant.refreshToken);
    expect(next.accessToken).not.toBe(grant.accessToken);
    await expect(x.account(next.accessToken)).resolves.toMatchObject({ handle: '@RotatingOwner' });

    await expect(x.refresh(grant.refreshToken!)).rejects.toBeInstanceOf(ProviderAuthRevoked);
    // Like X: a spent refresh token used again revokes the grant, new tokens included.
    await expect(x.refresh(next.refreshToken!)).rejects.toBeInstanceOf(ProviderAuthRevoked);
    await expect(x.account(next.accessToken)).rejects.toBeInstanceOf(ProviderAuthRevoked);
  });

  it('tells who connected', async () => {
    const { accessToken } = await connect(x, 'Harbor Coffee');
    const account = await x.account(accessToken);
    expect(account).toEqual({
      id: expect.stringMatching(/^\d+$/),
      handle: '@HarborCoffee',
      displayName: 'Harbor Coffee',
      avatarUrl: `${standIns.origin}/_sandbox/providers/avatars/Harbor%20Coffee.svg`,
    });
    // The same name (in any case) is the same account; another name another one.
    const again = await x.account((await connect(x, 'harbor coffee')).accessToken);
    expect(again.id).toBe(account.id);
    expect((await x.account((await connect(x, 'Other Cafe')).accessToken)).id).not.toBe(account.id);
  });

  it('uploads media through v2 with alt text, then posts with their ids', async () => {
    const { accessToken } = await connect(x, 'Harbor Coffee');
    const before = standIns.received.length;
    const published = await x.publish({
      accessToken,
      accountId: 'ignored-by-x',
      handle: '@HarborCoffee',
      text: 'Fresh beans today ☕',
      media: [
        { bytes: PNG_BYTES, contentType: 'image/png', altText: 'A cup of coffee' },
        { bytes: PNG_BYTES, contentType: 'image/png' },
      ],
    });
    expect(published.postId).toMatch(/^\d{15,20}$/);
    expect(published.url).toBe(`https://x.com/HarborCoffee/status/${published.postId}`);

    const calls = requestsSince(before);
    expect(calls.filter((call) => call.endsWith('/2/media/upload/initialize'))).toHaveLength(2);
    expect(calls.filter((call) => call.endsWith('/append'))).toHaveLength(2);
    expect(calls.filter((call) => call.endsWith('/finalize'))).toHaveLength(2);
    expect(calls.filter((call) => call.endsWith('/2/media/metadata'))).toHaveLength(1);
    expect(calls.at(-1)).toBe('POST /_sandbox/providers/x/2/tweets');
    expect(
      standIns.received
        .slice(before)
        .every((call) => call.headers.authorization === `Bearer ${accessToken}`),
    ).toBe(true);

    const { posts } = (await (await fetch(`${standIns.origin}/_sandbox/api/posts`)).json()) as {
      posts: {
        postId: string;
        text: string;
        handle: string;
        media: { url: string; altText?: string; contentType: string }[];
      }[];
    };
    const post = posts.find((candidate) => candidate.postId === published.postId);
    expect(post).toMatchObject({ text: 'Fresh beans today ☕', handle: '@HarborCoffee' });
    expect(post?.media.map(({ altText, contentType }) => ({ altText, contentType }))).toEqual([
      { altText: 'A cup of coffee', contentType: 'image/png' },
      { altText: undefined, contentType: 'image/png' },
    ]);
    const image = await fetch(post!.media[0]!.url);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('asks X for the handle when the caller does not know it', async () => {
    const { accessToken } = await connect(x, 'Harbor Coffee');
    const published = await x.publish({
      accessToken,
      accountId: '1',
      text: 'Handle lookup',
      media: [],
    });
    expect(published.url).toBe(`https://x.com/HarborCoffee/status/${published.postId}`);
  });

  it('refuses the same text twice as a duplicate', async () => {
    const { accessToken } = await connect(x, 'Harbor Coffee');
    const post = { accessToken, accountId: '1', handle: '@HarborCoffee', text: 'Twice', media: [] };
    await x.publish(post);
    const again = x.publish(post);
    await expect(again).rejects.toBeInstanceOf(ProviderDuplicatePost);
    await expect(again).rejects.toMatchObject({ status: 403 });
  });

  it('says when a rate limit ends (x-rate-limit-reset)', async () => {
    const { accessToken } = await connect(x, 'Harbor Coffee');
    await injectFailure(standIns.origin, 'twitter', '429');
    const failure = await x
      .publish({ accessToken, accountId: '1', handle: '@HarborCoffee', text: 'Limited', media: [] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderRateLimited);
    const minutes = ((failure as ProviderRateLimited).resetAt!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
  });

  it('answers a 5xx as unavailable, certainly not posted', async () => {
    const { accessToken } = await connect(x, 'Harbor Coffee');
    await injectFailure(standIns.origin, 'twitter', '500');
    const failure = await x
      .publish({ accessToken, accountId: '1', handle: '@HarborCoffee', text: 'Down', media: [] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderUnavailable);
    expect(failure).toMatchObject({ status: 500, certainlyNotPosted: true });
  });

  it('times out: an unknown outcome for the post itself, certainly nothing for an upload', async () => {
    const { accessToken } = await connect(x, 'Harbor Coffee');
    await injectFailure(standIns.origin, 'twitter', 'timeout');
    const post = await x
      .publish({ accessToken, accountId: '1', handle: '@HarborCoffee', text: 'Slow', media: [] })
      .catch((error: unknown) => error);
    expect(post).toBeInstanceOf(ProviderUnavailable);
    expect(post).toMatchObject({ certainlyNotPosted: false, message: 'X did not answer in time' });

    await injectFailure(standIns.origin, 'twitter', 'timeout');
    const upload = await x
      .publish({
        accessToken,
        accountId: '1',
        handle: '@HarborCoffee',
        text: 'Slow upload',
        media: [{ bytes: PNG_BYTES, contentType: 'image/png' }],
      })
      .catch((error: unknown) => error);
    expect(upload).toMatchObject({ certainlyNotPosted: true });
  });

  it('answers a revoked token (401) as a revoked grant', async () => {
    const { accessToken } = await connect(x, 'Harbor Coffee');
    await injectFailure(standIns.origin, 'twitter', 'revoke');
    await expect(x.account(accessToken)).rejects.toBeInstanceOf(ProviderAuthRevoked);
  });

  it('revokes the grant at X when disconnecting', async () => {
    const grant = await connect(x, 'Harbor Coffee');
    await x.revoke({ accessToken: grant.accessToken, refreshToken: grant.refreshToken });
    await expect(x.account(grant.accessToken)).rejects.toBeInstanceOf(ProviderAuthRevoked);
    await expect(x.refresh(grant.refreshToken!)).rejects.toBeInstanceOf(ProviderAuthRevoked);
  });

  it('treats a refused client secret as our misconfiguration', async () => {
    const wrong = createXClient({ ...settings, clientSecret: 'not-the-secret' });
    await expect(wrong.refresh('anything')).rejects.toBeInstanceOf(ProviderMisconfigured);
  });

  it('cannot be reached: unavailable, and certainly not posted, even for the post itself', async () => {
    const nowhere = createXClient({ ...settings, apiBaseUrl: 'http://127.0.0.1:9' });
    await expect(nowhere.account('token')).rejects.toMatchObject({
      name: 'ProviderUnavailable',
      certainlyNotPosted: true,
      message: 'X could not be reached',
    });
    // Refused before the request left: X never saw it, so the publisher may try again.
    await expect(
      nowhere.publish({ accessToken: 'token', accountId: '1', text: 'Nowhere', media: [] }),
    ).rejects.toMatchObject({
      name: 'ProviderUnavailable',
      certainlyNotPosted: true,
      message: 'X could not be reached',
    });
  });
});
