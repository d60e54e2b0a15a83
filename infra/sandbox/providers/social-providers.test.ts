import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPkcePair } from '#functions/integrations/social/pkce';
import { createXClient } from '#functions/integrations/social/x-client';
import {
  connect,
  consentRedirect,
  PNG_BYTES,
  startSocialStandIns,
  type SocialStandIns,
} from '#test/support/social-stand-ins';
import { multipartParts } from './multipart';
import { STAND_IN_CLIENTS } from './stand-in-clients';

const xClientAt = (origin: string) =>
  createXClient({
    ...STAND_IN_CLIENTS.twitter,
    apiBaseUrl: `${origin}/_sandbox/providers/x`,
    authorizeUrl: `${origin}/_sandbox/providers/x/i/oauth2/authorize`,
    timeoutMs: 2000,
  });

describe('the social stand-ins', () => {
  let standIns: SocialStandIns;

  beforeAll(async () => {
    standIns = await startSocialStandIns();
  });
  afterAll(() => standIns.close());

  const authorizeUrl = (extra: Record<string, string> = {}) => {
    const url = new URL(`${standIns.origin}/_sandbox/providers/x/i/oauth2/authorize`);
    const { codeChallenge } = createPkcePair();
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: 'sailpost-sandbox-x',
      redirect_uri: 'http://localhost:3000/api/platforms/twitter/callback',
      scope: 'tweet.read tweet.write users.read media.write offline.access',
      state: 'the-state',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      ...extra,
    })) {
      url.searchParams.set(name, value);
    }
    return url.toString();
  };

  describe('consent pages', () => {
    it('shows a page to type an account name and allow or deny, keeping the request', async () => {
      const response = await fetch(authorizeUrl());
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const page = await response.text();
      expect(page).toContain('Sailpost wants to use your X account');
      expect(page).toContain('<input type="text" id="account" name="account" required');
      expect(page).toContain('name="decision" value="allow"');
      expect(page).toContain('name="decision" value="deny" formnovalidate');
      expect(page).toContain('<input type="hidden" name="state" value="the-state">');
      expect(page).toContain('<code>media.write</code>');
    });

    it('redirects with a code and the state when allowed', async () => {
      const redirect = await consentRedirect(authorizeUrl(), {
        decision: 'allow',
        account: 'Harbor Coffee',
      });
      expect(redirect.origin + redirect.pathname).toBe(
        'http://localhost:3000/api/platforms/twitter/callback',
      );
      expect(redirect.searchParams.get('code')).toMatch(/^sbx-x-code-/);
      expect(redirect.searchParams.get('state')).toBe('the-state');
    });

    it('redirects with access_denied and the state when denied', async () => {
      const redirect = await consentRedirect(authorizeUrl(), { decision: 'deny' });
      expect(Object.fromEntries(redirect.searchParams)).toEqual({
        error: 'access_denied',
        state: 'the-state',
      });
      const linkedIn = new URL(
        `${standIns.origin}/_sandbox/providers/linkedin/oauth/v2/authorization`,
      );
      linkedIn.search = new URLSearchParams({
        response_type: 'code',
        client_id: 'sailpost-sandbox-linkedin',
        redirect_uri: 'http://localhost:3000/api/platforms/linkedin/callback',
        scope: 'openid profile w_member_social',
        state: 'li-state',
      }).toString();
      const denied = await consentRedirect(linkedIn.toString(), { decision: 'deny' });
      expect(denied.searchParams.get('error')).toBe('access_denied');
      expect(denied.searchParams.get('state')).toBe('li-state');
    });

    it.each([
      [{ client_id: 'someone-else' }, 'No app has the client id'],
      [{ code_challenge_method: 'plain' }, 'S256'],
      [{ redirect_uri: 'javascript:alert(1)' }, 'redirect_uri must be an http(s) URL'],
    ])('refuses %o with an error page and no redirect', async (extra, reason) => {
      const response = await fetch(authorizeUrl({ ...extra, decision: 'allow', account: 'A' }), {
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain(reason);
    });
  });

  describe('posts', () => {
    it('connects accounts directly for load simulations, and their tokens post', async () => {
      const grantsOf = (platform: string) =>
        fetch(`${standIns.origin}/_sandbox/api/providers/${platform}/grants`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            accounts: [{ id: '9001', username: 'bulk', name: 'Bulk Bakery' }],
            scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'],
          }),
        });
      const response = await grantsOf('x');
      expect(response.status).toBe(201);
      const {
        grants: [grant],
      } = (await response.json()) as { grants: { accountId: string; accessToken: string }[] };
      expect(grant).toMatchObject({
        accountId: '9001',
        accessToken: expect.stringMatching(/^sbx-x-at-/),
        refreshToken: expect.stringMatching(/^sbx-x-rt-/),
      });
      await xClientAt(standIns.origin).publish({
        accessToken: grant!.accessToken,
        accountId: '9001',
        handle: '@bulk',
        text: 'Granted directly',
        media: [],
      });
      const { posts } = (await (
        await fetch(`${standIns.origin}/_sandbox/api/posts?platform=twitter`)
      ).json()) as { posts: Record<string, unknown>[] };
      expect(posts[0]).toMatchObject({ accountId: '9001', text: 'Granted directly' });
      // Meta's Pages are chosen after consent: not something to grant this way.
      expect((await grantsOf('facebook')).status).toBe(400);
    });

    it('lists what was posted, newest first, with media and permalinks', async () => {
      const x = xClientAt(standIns.origin);
      const { accessToken } = await connect(x, 'Lister');
      const first = await x.publish({
        accessToken,
        accountId: '1',
        handle: '@Lister',
        text: 'First <b>post</b>',
        media: [{ bytes: PNG_BYTES, contentType: 'image/png', altText: 'A "pixel"' }],
      });
      const second = await x.publish({
        accessToken,
        accountId: '1',
        handle: '@Lister',
        text: 'Second post',
        media: [],
      });
      const { posts } = (await (
        await fetch(`${standIns.origin}/_sandbox/api/posts?platform=twitter`)
      ).json()) as { posts: Record<string, unknown>[] };
      const mine = posts.filter((post) => post.handle === '@Lister');
      expect(mine.map((post) => post.postId)).toEqual([second.postId, first.postId]);
      expect(mine[1]).toEqual({
        platform: 'twitter',
        accountId: expect.stringMatching(/^\d+$/),
        handle: '@Lister',
        text: 'First <b>post</b>',
        media: [
          {
            url: expect.stringMatching(/\/_sandbox\/providers\/media\/\d+$/),
            altText: 'A "pixel"',
            contentType: 'image/png',
          },
        ],
        postId: first.postId,
        url: first.url,
        postedAt: expect.any(String),
      });

      const html = await standIns.providers.panel({ returnTo: '/_sandbox' });
      expect(html).toContain('id="posts"');
      expect(html).toContain('First &lt;b&gt;post&lt;/b&gt;');
      expect(html).toContain('alt="A &quot;pixel&quot;"');
      expect(html).toContain(`href="${first.url}"`);
      expect(html).toContain('action="/_sandbox/failures/twitter"');
    });

    it('refuses an unknown platform filter', async () => {
      const response = await fetch(`${standIns.origin}/_sandbox/api/posts?platform=myspace`);
      expect(response.status).toBe(400);
    });
  });

  describe('failure injection', () => {
    it("fails the provider's next API call once, not the consent page", async () => {
      const x = xClientAt(standIns.origin);
      const { accessToken } = await connect(x, 'Injected');
      const set = await fetch(`${standIns.origin}/_sandbox/api/providers/twitter/next-failure`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: '500' }),
      });
      expect(await set.json()).toEqual({ platform: 'twitter', nextFailure: '500' });

      // The consent page is no API call: it does not use the failure up.
      await consentRedirect(authorizeUrl(), { decision: 'allow', account: 'Injected' });
      await expect(x.account(accessToken)).rejects.toMatchObject({ status: 500 });
      await expect(x.account(accessToken)).resolves.toMatchObject({ handle: '@Injected' });
      const after = await fetch(`${standIns.origin}/_sandbox/api/providers/x/next-failure`);
      expect(await after.json()).toEqual({ platform: 'twitter', nextFailure: null });
    });

    it('refuses an unknown kind', async () => {
      const response = await fetch(
        `${standIns.origin}/_sandbox/api/providers/linkedin/next-failure`,
        { method: 'POST', body: JSON.stringify({ kind: '418' }) },
      );
      expect(response.status).toBe(400);
    });

    it("sets one from the page's buttons and comes back to the Posts section", async () => {
      const response = await fetch(`${standIns.origin}/_sandbox/failures/linkedin`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'kind=timeout&returnTo=%2F_sandbox%3Fchannel%3Dsms',
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/_sandbox?channel=sms#posts');
      expect(standIns.providers.failures.next('linkedin')).toBe('timeout');
      expect(await standIns.providers.panel({ returnTo: '/_sandbox' })).toContain(
        'Next call: Time-out',
      );

      await fetch(`${standIns.origin}/_sandbox/failures/linkedin`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'kind=none&returnTo=https%3A%2F%2Fevil.example',
        redirect: 'manual',
      }).then((cleared) => expect(cleared.headers.get('location')).toBe('/_sandbox#posts'));
      expect(standIns.providers.failures.next('linkedin')).toBeUndefined();
    });
  });
});

describe('the stand-ins across a restart', () => {
  it('keep grants, tokens, media and posts in the data folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sailpost-providers-'));
    try {
      const before = await startSocialStandIns({ dataDir });
      const x = xClientAt(before.origin);
      const grant = await connect(x, 'Persistent');
      const published = await x.publish({
        accessToken: grant.accessToken,
        accountId: '1',
        handle: '@Persistent',
        text: 'Still here',
        media: [{ bytes: PNG_BYTES, contentType: 'image/png' }],
      });
      await before.close();

      const after = await startSocialStandIns({ dataDir });
      try {
        const again = xClientAt(after.origin);
        await expect(again.account(grant.accessToken)).resolves.toMatchObject({
          handle: '@Persistent',
        });
        await expect(again.refresh(grant.refreshToken!)).resolves.toMatchObject({
          refreshToken: expect.any(String),
        });
        const { posts } = (await (await fetch(`${after.origin}/_sandbox/api/posts`)).json()) as {
          posts: { postId: string; media: { url: string }[] }[];
        };
        expect(posts[0]?.postId).toBe(published.postId);
        const image = await fetch(posts[0]!.media[0]!.url);
        expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG_BYTES);
      } finally {
        await after.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('multipartParts', () => {
  it('keeps binary parts byte for byte', () => {
    const bytes = Buffer.from([0, 255, 13, 10, 45, 45, 137, 80]);
    const body = Buffer.concat([
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="segment_index"\r\n\r\n3\r\n'),
      Buffer.from(
        '--XyZ\r\nContent-Disposition: form-data; name="media"\r\nContent-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from('\r\n--XyZ--\r\n'),
    ]);
    expect(multipartParts('multipart/form-data; boundary=XyZ', body)).toEqual([
      { name: 'segment_index', data: Buffer.from('3') },
      { name: 'media', contentType: 'application/octet-stream', data: bytes },
    ]);
    expect(multipartParts('application/json', body)).toBeUndefined();
  });
});
