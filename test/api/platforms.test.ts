import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaUpload, PlatformCredential, PublishedPost } from '#shared/contract/platforms';
import { expireAccessToken, expireOAuthState, setPaidTier } from './db';
import { apiUrl, call, registerUser, uploadTo, type ApiResult } from './http';
import {
  allowAtProvider,
  beginConsent,
  connectAccount,
  followCallback,
  landing,
  requestConsent,
  type Owner,
} from './platforms-support';

/**
 * Connecting X and LinkedIn, posting now with images, and disconnecting — through the real HTTP
 * API, the sandbox's stand-ins of X and LinkedIn (consent pages, token endpoints, APIs, failure
 * injection) and its S3 emulator, which holds uploads to their presigned policy.
 */

/** Every raw answer of this file, to check that no token ever leaves the API. */
const answers: string[] = [];
const keep = <T extends ApiResult<unknown>>(result: T): T => {
  answers.push(JSON.stringify(result.body ?? null), JSON.stringify([...result.headers]));
  return result;
};

const newOwner = async (tier: 'intro' | 'gold' = 'intro'): Promise<Owner & { userId: string }> => {
  const { token, user } = await registerUser();
  const company = await call<{ _id: string }>('POST', '/companies', {
    token,
    body: { name: 'Harbor Coffee' },
  });
  if (tier !== 'intro') await setPaidTier(company.body._id, tier);
  return { token, companyId: company.body._id, userId: user._id };
};

const credentialsOf = async (owner: Owner) =>
  keep(
    await call<PlatformCredential[]>('GET', `/companies/${owner.companyId}/platform-credentials`, {
      token: owner.token,
    }),
  ).body;

const sandboxApi = (path: string, init?: RequestInit) =>
  fetch(`${apiUrl()}/_sandbox/api${path}`, init);

const nextFailure = async (platform: 'twitter' | 'linkedin', kind: string) => {
  const response = await sandboxApi(`/providers/${platform}/next-failure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind }),
  });
  expect(response.status).toBeLessThan(300);
};

interface StandInPost {
  platform: string;
  accountId: string;
  text: string;
  media?: unknown[];
}
const postsAtProvider = async (platform: string): Promise<StandInPost[]> =>
  ((await (await sandboxApi(`/posts?platform=${platform}`)).json()) as { posts: StandInPost[] })
    .posts;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const requestUpload = async (owner: Owner, body: Record<string, unknown>) =>
  keep(
    await call<MediaUpload>('POST', `/companies/${owner.companyId}/platform-media`, {
      token: owner.token,
      body,
    }),
  );

const uploadImage = async (owner: Owner, platform: 'twitter' | 'linkedin' = 'twitter') => {
  const upload = await requestUpload(owner, {
    platform,
    fileName: 'latte.png',
    contentType: 'image/png',
    size: PNG.length,
  });
  expect(upload.status).toBe(201);
  expect((await uploadTo(upload.body, PNG)).status).toBe(204);
  return upload.body.key;
};

const postTo = async (owner: Owner, platform: 'twitter' | 'linkedin', body: unknown) =>
  keep(
    await call<PublishedPost & { code?: string; message?: string }>(
      'POST',
      platform === 'twitter'
        ? `/platforms/twitter/post/${owner.companyId}`
        : `/platforms/linkedin/companies/${owner.companyId}/post`,
      { token: owner.token, body },
    ),
  );

const unique = (text: string) => `${text} #${randomUUID().slice(0, 6)}`;

describe('connecting an account', () => {
  it('connects X: the consent URL (PKCE S256), a state cookie for the callback only, then the Platforms screen with success', async () => {
    const owner = await newOwner();
    const consent = await beginConsent(owner, 'twitter');
    const consentUrl = new URL(consent.url);
    expect(consentUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consentUrl.searchParams.get('redirect_uri')).toBe(
      `${apiUrl()}/api/platforms/twitter/callback`,
    );
    expect(consentUrl.searchParams.get('code_verifier')).toBeNull();
    expect(consent.setCookie).toMatch(
      /; Path=\/api\/platforms\/twitter\/callback; HttpOnly; SameSite=Lax;/,
    );
    expect(consent.setCookie).toMatch(/Max-Age=600$/);

    const back = keep(
      await followCallback(await allowAtProvider(consent, 'Harbor Roasters'), consent.cookie),
    );
    expect(back.status).toBe(302);
    expect(landing(back)).toEqual({
      path: `/dashboard/company/${owner.companyId}/platforms`,
      params: { success: 'true', platform: 'twitter' },
    });
    // The state's cookie is cleared on the way back.
    expect(back.headers.getSetCookie().join('\n')).toMatch(
      /sailpost_oauth_[0-9a-f]+=; .*Max-Age=0/,
    );

    const [credential, ...others] = await credentialsOf(owner);
    expect(others).toEqual([]);
    expect(credential).toMatchObject({
      platform: 'twitter',
      handle: '@HarborRoasters',
      accountName: 'Harbor Roasters',
      avatarUrl: expect.stringMatching(/^http/),
      scopes: expect.arrayContaining(['tweet.write', 'offline.access']),
      needsReconnection: false,
      metadata: { connected: true },
    });
    // X's access tokens live two hours.
    const expiresIn = Date.parse(credential!.expiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan(100 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(120 * 60_000);
  });

  it('updates the credential when the same account connects again, instead of adding a second', async () => {
    const owner = await newOwner();
    await connectAccount(owner, 'twitter', 'Harbor Again');
    const [first] = await credentialsOf(owner);
    await connectAccount(owner, 'twitter', 'Harbor Again');
    const after = await credentialsOf(owner);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      _id: first!._id,
      accountId: first!.accountId,
      createdAt: first!.createdAt,
    });
    expect(after[0]!.updatedAt > first!.updatedAt).toBe(true);
    // And it still posts: the stored tokens are the new grant's.
    const posted = await postTo(owner, 'twitter', { text: unique('Open again') });
    expect(posted.status).toBe(201);
  });

  it('connects LinkedIn on a tier that includes it, and refuses it on one that does not', async () => {
    const intro = await newOwner('intro');
    const refused = await requestConsent(intro, 'linkedin');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PLATFORM_NOT_IN_TIER' });

    const gold = await newOwner('gold');
    await connectAccount(gold, 'linkedin', 'Ada Lovelace');
    expect(await credentialsOf(gold)).toEqual([
      expect.objectContaining({ platform: 'linkedin', handle: 'Ada Lovelace' }),
    ]);
  });

  it('sends the owner back with an error when they deny access at the provider', async () => {
    const owner = await newOwner();
    const consent = await beginConsent(owner, 'twitter');
    const url = new URL(consent.url);
    url.searchParams.set('decision', 'deny');
    const denied = await fetch(url, { redirect: 'manual' });
    const back = new URL(denied.headers.get('location')!);
    const result = await followCallback(
      `${back.pathname.replace(/^\/api/, '')}${back.search}`,
      consent.cookie,
    );
    expect(landing(result)).toEqual({
      path: `/dashboard/company/${owner.companyId}/platforms`,
      params: { error: 'Access was not granted', platform: 'twitter' },
    });
    expect(await credentialsOf(owner)).toEqual([]);
  });
});

describe('the OAuth state', () => {
  const refusedState = (result: ApiResult<unknown>) => {
    expect(result.status).toBe(302);
    const { path, params } = landing(result);
    // Not this browser's state: whose company it was is not said.
    expect(path).toBe('/dashboard/platforms');
    expect(params).toEqual({ error: expect.stringMatching(/not valid/), platform: 'twitter' });
  };

  it('refuses a tampered state, and one without its browser cookie — which stays usable in its own browser', async () => {
    const owner = await newOwner();
    const consent = await beginConsent(owner, 'twitter');
    const callback = await allowAtProvider(consent, 'Tamper Test');
    const tampered = callback.replace(
      `state=${consent.state}`,
      `state=${consent.state.slice(0, -1)}${consent.state.endsWith('A') ? 'B' : 'A'}`,
    );
    refusedState(await followCallback(tampered, consent.cookie));
    refusedState(await followCallback(callback));
    refusedState(await followCallback(callback, consent.cookie.replace(/=.*/, '=not-the-nonce')));
    expect(await credentialsOf(owner)).toEqual([]);

    expect(landing(await followCallback(callback, consent.cookie)).params.success).toBe('true');
  });

  it('refuses a replayed state', async () => {
    const owner = await newOwner();
    const consent = await beginConsent(owner, 'twitter');
    const callback = await allowAtProvider(consent, 'Replay Test');
    expect(landing(await followCallback(callback, consent.cookie)).params.success).toBe('true');
    refusedState(await followCallback(callback, consent.cookie));
  });

  it("refuses another user's state in this browser, and connects nothing to either company", async () => {
    const victim = await newOwner();
    const attacker = await newOwner();
    const victims = await beginConsent(victim, 'twitter');
    const attackers = await beginConsent(attacker, 'twitter');
    // The attacker's browser (its own state cookie) arrives with the victim's state, or the
    // victim's browser with the attacker's: neither works.
    refusedState(await followCallback(await allowAtProvider(victims, 'Mallory'), attackers.cookie));
    refusedState(await followCallback(await allowAtProvider(attackers, 'Mallory'), victims.cookie));
    expect(await credentialsOf(victim)).toEqual([]);
    expect(await credentialsOf(attacker)).toEqual([]);
  });

  it('refuses an expired state, sending the owner back to their company', async () => {
    const owner = await newOwner();
    const consent = await beginConsent(owner, 'twitter');
    const callback = await allowAtProvider(consent, 'Slow Owner');
    await expireOAuthState(consent.state);
    const result = await followCallback(callback, consent.cookie);
    expect(landing(result)).toEqual({
      path: `/dashboard/company/${owner.companyId}/platforms`,
      params: { error: 'The connection took too long. Please try again.', platform: 'twitter' },
    });
    expect(await credentialsOf(owner)).toEqual([]);
  });

  it("refuses a LinkedIn state at X's callback", async () => {
    const owner = await newOwner('gold');
    const consent = await beginConsent(owner, 'linkedin');
    const callback = await allowAtProvider(consent, 'Crossed');
    refusedState(
      await followCallback(
        callback.replace('/platforms/linkedin/', '/platforms/twitter/'),
        consent.cookie,
      ),
    );
  });
});

describe('whose ids', () => {
  it("answers another user's company (in the query) and another company's credential 404", async () => {
    const owner = await newOwner('gold');
    const stranger = await newOwner('gold');
    const credentialId = await connectAccount(owner, 'twitter');

    const initiate = await call(
      'GET',
      `/platforms/linkedin/oauth/initiate?companyId=${owner.companyId}`,
      { token: stranger.token },
    );
    expect(initiate.status).toBe(404);
    expect(initiate.body.code).toBe('COMPANY_NOT_FOUND');
    // The stranger's own company with the owner's credential id.
    const remove = await call(
      'DELETE',
      `/companies/${stranger.companyId}/platform-credentials/${credentialId}`,
      { token: stranger.token },
    );
    expect(remove.status).toBe(404);
    expect(remove.body.code).toBe('CREDENTIAL_NOT_FOUND');
    expect(await credentialsOf(owner)).toHaveLength(1);
  });
});

describe('disconnecting', () => {
  it('revokes the grant at X, then forgets the credential', async () => {
    const owner = await newOwner();
    const credentialId = await connectAccount(owner, 'twitter', 'Leaving Soon');
    const removed = keep(
      await call('DELETE', `/companies/${owner.companyId}/platform-credentials/${credentialId}`, {
        token: owner.token,
      }),
    );
    expect(removed.status).toBe(200);
    expect(await credentialsOf(owner)).toEqual([]);
    const again = await call(
      'DELETE',
      `/companies/${owner.companyId}/platform-credentials/${credentialId}`,
      { token: owner.token },
    );
    expect(again.body.code).toBe('CREDENTIAL_NOT_FOUND');
    const post = await postTo(owner, 'twitter', { text: 'Anyone there?' });
    expect(post.status).toBe(409);
    expect(post.body).toMatchObject({ code: 'PLATFORM_NOT_CONNECTED' });
  });

  it("revokes the company's grants at the provider when the company is deleted", async () => {
    const owner = await newOwner();
    const account = `closing${randomUUID().slice(0, 6)}`;
    await connectAccount(owner, 'twitter', account);
    const grantOf = async () => {
      const { grants } = (await (await sandboxApi('/providers/twitter/grants')).json()) as {
        grants: { account: { name: string }; revoked: boolean }[];
      };
      return grants.find((grant) => grant.account.name === account);
    };
    expect(await grantOf()).toMatchObject({ revoked: false });

    const deleted = await call('DELETE', `/companies/${owner.companyId}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    // The clean-up job runs after the answer; it revokes before it forgets the tokens.
    await expect.poll(async () => (await grantOf())?.revoked, { timeout: 10_000 }).toBe(true);
  });
});

describe('uploading media', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await newOwner();
  });

  it("answers a presigned POST under the company's prefix, held to the platform's type and size", async () => {
    const upload = await requestUpload(owner, {
      platform: 'twitter',
      fileName: 'latte.png',
      contentType: 'image/png',
      size: 1000,
    });
    expect(upload.status).toBe(201);
    expect(upload.body.key).toMatch(
      new RegExp(`^post-media/${owner.companyId}/[0-9a-f-]{36}\\.png$`),
    );
    expect(upload.body.maxBytes).toBe(5 * 1024 * 1024);
    const policy = JSON.parse(Buffer.from(upload.body.fields.Policy!, 'base64').toString()) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 5 * 1024 * 1024],
        { 'Content-Type': 'image/png' },
        { key: upload.body.key },
      ]),
    );
  });

  it('refuses a type or a size the platform does not take, up front', async () => {
    const wrongType = await requestUpload(owner, {
      platform: 'twitter',
      fileName: 'picture.bmp',
      contentType: 'image/bmp',
      size: 1000,
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ code: 'MEDIA_TYPE_NOT_ALLOWED' });
    const tooLarge = await requestUpload(owner, {
      platform: 'twitter',
      fileName: 'huge.png',
      contentType: 'image/png',
      size: 5 * 1024 * 1024 + 1,
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'MEDIA_TOO_LARGE' });
    // LinkedIn takes no video.
    const video = await requestUpload(owner, {
      platform: 'linkedin',
      fileName: 'clip.mp4',
      contentType: 'video/mp4',
      size: 1000,
    });
    expect(video.body).toMatchObject({ code: 'MEDIA_TYPE_NOT_ALLOWED' });
  });

  it('is refused by S3 itself when the browser sends more than the limit, or another type', async () => {
    const upload = await requestUpload(owner, {
      platform: 'twitter',
      fileName: 'latte.png',
      contentType: 'image/png',
      size: 1000,
    });
    const oversized = new Uint8Array(5 * 1024 * 1024 + 1);
    oversized.set(PNG);
    const tooLarge = await uploadTo(upload.body, oversized);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.text).toContain('<Code>EntityTooLarge</Code>');
    const otherType = await uploadTo(upload.body, PNG, { 'Content-Type': 'text/html' });
    expect(otherType.status).toBe(403);
    expect(otherType.text).toContain('Policy Condition failed');
    const otherKey = await uploadTo(upload.body, PNG, {
      key: `post-media/${randomUUID()}/${randomUUID()}.png`,
    });
    expect(otherKey.status).toBe(403);
    // What the policy allows goes through.
    expect((await uploadTo(upload.body, PNG)).status).toBe(204);
  });
});

describe('posting now', () => {
  let owner: Owner;
  let gold: Owner;
  beforeAll(async () => {
    owner = await newOwner();
    await connectAccount(owner, 'twitter', 'Harbor Poster');
    gold = await newOwner('gold');
    await connectAccount(gold, 'linkedin', 'Ada Poster');
  });

  it('posts to X with an image and its alt text', async () => {
    const key = await uploadImage(owner);
    const text = unique('Fresh roast this morning');
    const posted = keep(
      await postTo(owner, 'twitter', { text, media: [{ key, altText: 'A latte on the bar' }] }),
    );
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ platform: 'twitter', postId: expect.any(String) });
    expect(posted.body.url).toMatch(/HarborPoster\/status\//);
    const [atProvider] = await postsAtProvider('twitter');
    expect(atProvider).toMatchObject({ text });
    expect(JSON.stringify(atProvider)).toContain('A latte on the bar');
    // The upload has served its purpose.
    const reuse = await postTo(owner, 'twitter', { text: unique('Again'), media: [{ key }] });
    expect(reuse.body).toMatchObject({ code: 'MEDIA_INVALID' });
  });

  it('posts to LinkedIn with an image', async () => {
    const key = await uploadImage(gold, 'linkedin');
    const text = unique('New single origin on the menu');
    const posted = await postTo(gold, 'linkedin', { text, media: [{ key }] });
    expect(posted.status).toBe(201);
    expect(posted.body.platform).toBe('linkedin');
    expect((await postsAtProvider('linkedin'))[0]).toMatchObject({ text });
  });

  it('checks everything it can before calling the provider', async () => {
    const tooLong = await postTo(owner, 'twitter', { text: 'x'.repeat(281) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      code: 'POST_TOO_LONG',
      fields: { text: 'This post is 281 characters as X (Twitter) counts them; it allows 280.' },
    });
    // X counts a link as 23 characters: 257 + a space + a long URL fits.
    const withLink = await postTo(owner, 'twitter', {
      text: `${'y'.repeat(250)}${randomUUID().slice(0, 6)} https://harbor.coffee/${'menu/'.repeat(20)}`,
    });
    expect(withLink.status).toBe(201);

    const foreign = await postTo(owner, 'twitter', {
      text: unique('Not mine'),
      media: [{ key: `post-media/${randomUUID()}/${randomUUID()}.png` }],
    });
    expect(foreign.body).toMatchObject({ code: 'MEDIA_INVALID' });
    const missing = await postTo(owner, 'twitter', {
      text: unique('Never uploaded'),
      media: [{ key: `post-media/${owner.companyId}/${randomUUID()}.png` }],
    });
    expect(missing.body).toMatchObject({ code: 'MEDIA_INVALID' });
    const five = await Promise.all(Array.from({ length: 5 }, () => uploadImage(owner)));
    const tooMany = await postTo(owner, 'twitter', {
      text: unique('Five'),
      media: five.map((key) => ({ key })),
    });
    expect(tooMany.body).toMatchObject({
      code: 'MEDIA_INVALID',
      message: 'A post can have at most 4 images',
    });

    const notInTier = await postTo(owner, 'linkedin', { text: 'Hello' });
    expect(notInTier.body).toMatchObject({ code: 'PLATFORM_NOT_IN_TIER' });
    const notConnected = await postTo(gold, 'twitter', { text: 'Hello' });
    expect(notConnected.body).toMatchObject({ code: 'PLATFORM_NOT_CONNECTED' });
  });

  it("answers X's duplicate with its own code", async () => {
    const text = unique('Same words twice');
    expect((await postTo(owner, 'twitter', { text })).status).toBe(201);
    const again = await postTo(owner, 'twitter', { text });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'PROVIDER_DUPLICATE_POST' });
  });

  it('answers a 429 with the reset time and Retry-After, and a 500 as retryable', async () => {
    await nextFailure('twitter', '429');
    const limited = await postTo(owner, 'twitter', { text: unique('Busy') });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'PROVIDER_RATE_LIMITED' });
    expect(limited.body.message).toMatch(
      /Try again in \d+ (second|minute|hour)s? \(after \d\d:\d\d UTC\)/,
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    await nextFailure('linkedin', '500');
    const down = await postTo(gold, 'linkedin', { text: unique('Down') });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(down.body.message).toMatch(/try again/i);
  });

  it('says the post may have gone out when the provider took its post and did not answer', async () => {
    await nextFailure('twitter', 'timeout');
    const silent = await postTo(owner, 'twitter', { text: unique('Into the void') });
    expect(silent.status).toBe(503);
    expect(silent.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(silent.body.message).toMatch(/may or may not have gone out/);
  });

  it('marks the credential when the provider revoked the grant, and asks for a reconnection', async () => {
    const revokedOwner = await newOwner();
    await connectAccount(revokedOwner, 'twitter', 'Revoked Roasters');
    await nextFailure('twitter', 'revoke');
    const revoked = await postTo(revokedOwner, 'twitter', { text: unique('Gone') });
    expect(revoked.status).toBe(409);
    expect(revoked.body).toMatchObject({ code: 'PLATFORM_NEEDS_RECONNECTION' });
    expect(await credentialsOf(revokedOwner)).toEqual([
      expect.objectContaining({ needsReconnection: true }),
    ]);
    // Reconnecting clears it.
    await connectAccount(revokedOwner, 'twitter', 'Revoked Roasters');
    expect((await credentialsOf(revokedOwner))[0]!.needsReconnection).toBe(false);
    expect((await postTo(revokedOwner, 'twitter', { text: unique('Back') })).status).toBe(201);
  });

  it('refreshes an expired X token once for two posts at the same moment', async () => {
    const busy = await newOwner();
    const credentialId = await connectAccount(busy, 'twitter', 'Busy Roasters');
    await expireAccessToken(busy.companyId, credentialId);
    // X's refresh tokens are single-use: had both posts refreshed, the second refresh would have
    // spent a spent token and X (and its stand-in) would have revoked the whole grant.
    const [first, second] = await Promise.all([
      postTo(busy, 'twitter', { text: unique('First at once') }),
      postTo(busy, 'twitter', { text: unique('Second at once') }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const [credential] = await credentialsOf(busy);
    expect(Date.parse(credential!.expiresAt!)).toBeGreaterThan(Date.now() + 100 * 60_000);
    expect(credential!.needsReconnection).toBe(false);
    expect((await postTo(busy, 'twitter', { text: unique('Later') })).status).toBe(201);
  });
});

describe('tokens', () => {
  it('never appear in any answer of this file', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) {
      expect(answer).not.toMatch(/sbx-/);
      expect(answer).not.toMatch(
        /accessToken|refreshToken|access_token|refresh_token|codeVerifier/,
      );
      expect(answer).not.toMatch(/"v1\.[A-Za-z0-9_-]+\./);
    }
  });
});
