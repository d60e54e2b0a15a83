import { randomUUID } from 'node:crypto';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { apiUrl, call, type ApiResult } from './http';

/**
 * Connecting an account in the API tests, the way a browser does it: ask for the consent URL
 * (which sets the state's cookie), let the sandbox's stand-in of the provider's consent page
 * answer at once (`decision=allow&account=NAME`), and follow its redirect to our callback with the
 * cookie. Each step is exposed, so tests can break the flow where they mean to.
 */

export interface Owner {
  token: string;
  companyId: string;
}

export interface Consent {
  /** The consent page's URL, as our API answered it. */
  url: string;
  /** `name=value` of the state's cookie, as the browser would send it back. */
  cookie: string;
  /** The whole Set-Cookie line (its attributes are under test too). */
  setCookie: string;
  state: string;
}

/** `GET` the platform's consent URL for the company. */
export const requestConsent = (
  owner: Owner,
  platform: ConnectablePlatform,
): Promise<ApiResult<{ url: string }>> =>
  platform === 'linkedin'
    ? call('GET', `/platforms/linkedin/oauth/initiate?companyId=${owner.companyId}`, {
        token: owner.token,
      })
    : call('GET', `/platforms/${platform}/auth/${owner.companyId}`, { token: owner.token });

export const beginConsent = async (
  owner: Owner,
  platform: ConnectablePlatform,
): Promise<Consent> => {
  const answer = await requestConsent(owner, platform);
  if (answer.status !== 200) {
    throw new Error(`consent URL refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const setCookie = answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('sailpost_oauth_'));
  if (!setCookie) throw new Error('the consent answer set no state cookie');
  const state = new URL(answer.body.url).searchParams.get('state');
  if (!state) throw new Error(`the consent URL has no state: ${answer.body.url}`);
  return { url: answer.body.url, cookie: setCookie.split(';')[0]!, setCookie, state };
};

/**
 * What the provider's stand-in sends the browser back with when the owner allows as `account`:
 * our callback's path and query (`/platforms/{platform}/callback?code=…&state=…`).
 */
export const allowAtProvider = async (consent: Consent, account: string): Promise<string> => {
  const url = new URL(consent.url);
  url.searchParams.set('decision', 'allow');
  url.searchParams.set('account', account);
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) {
    throw new Error(`the provider's stand-in did not redirect: ${response.status}`);
  }
  const back = new URL(location, apiUrl());
  return `${back.pathname.replace(/^\/api/, '')}${back.search}`;
};

/** Our callback, called as the browser follows the provider's redirect (with or without a cookie). */
export const followCallback = (path: string, cookie?: string): Promise<ApiResult<undefined>> =>
  call<undefined>('GET', path, cookie ? { headers: { cookie } } : {});

/** The query of the Platforms screen the callback sent the browser to. */
export const landing = (result: ApiResult<unknown>) => {
  const location = new URL(result.headers.get('location') ?? '');
  return { path: location.pathname, params: Object.fromEntries(location.searchParams) };
};

/** Connects an account (a new one unless `account` is given) and answers its credential id. */
export const connectAccount = async (
  owner: Owner,
  platform: ConnectablePlatform,
  account = `harbor-${randomUUID().slice(0, 8)}`,
): Promise<string> => {
  const consent = await beginConsent(owner, platform);
  const back = await followCallback(await allowAtProvider(consent, account), consent.cookie);
  const { params } = landing(back);
  if (params.success !== 'true') throw new Error(`connecting failed: ${JSON.stringify(params)}`);
  const list = await call<{ _id: string; platform: string }[]>(
    'GET',
    `/companies/${owner.companyId}/platform-credentials`,
    { token: owner.token },
  );
  const credential = list.body.find((entry) => entry.platform === platform);
  if (!credential) throw new Error(`no ${platform} credential after connecting`);
  return credential._id;
};

/** A JPEG's header with its size (what Meta and our checks read of it), and an end. */
export const jpegOfSize = (width: number, height: number): Buffer => {
  const bytes = Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
  return bytes;
};
