import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_PREFIX } from '#shared/contract/route';
import { SIGNED_IN_COOKIE } from '#shared/domain/limits';
import { answerCookies, isPlainHttp, queueCookie, readCookie } from '../http/cookies';
import type { SessionGrant } from './sessions';

/**
 * The refresh token's cookie. httpOnly: script (and so an injected script) cannot read it.
 * SameSite=Strict: no other site can make the browser send it. Path=/api/auth: only the auth
 * routes ever receive it. Secure everywhere except the plain-http sandbox.
 */
export const REFRESH_COOKIE = 'sailpost_refresh';
const COOKIE_PATH = `${API_PREFIX}/auth`;

export const readRefreshCookie = (event: APIGatewayProxyEventV2): string | undefined =>
  readCookie(event, REFRESH_COOKIE);

const attributes = (
  event: APIGatewayProxyEventV2,
  maxAgeSeconds: number | null,
  { path, httpOnly }: { path: string; httpOnly: boolean },
): string =>
  [
    `Path=${path}`,
    ...(httpOnly ? ['HttpOnly'] : []),
    'SameSite=Strict',
    ...(isPlainHttp(event) ? [] : ['Secure']),
    // Without Max-Age the cookie ends with the browser session ("Remember me" unticked), and
    // every tab of the browser shares it until then.
    ...(maxAgeSeconds === null ? [] : [`Max-Age=${maxAgeSeconds}`]),
  ].join('; ');

const REFRESH = { path: COOKIE_PATH, httpOnly: true };
/**
 * SIGNED_IN_COOKIE, beside the refresh cookie: the web app, whose script cannot see the refresh
 * cookie, reads it on every page (Path=/) to know a renewal is worth asking for — a new tab has no
 * token stored, yet shares the browser's cookies. It holds no secret: a forged one only makes the
 * app ask, and be refused.
 */
const SIGNED_IN = { path: '/', httpOnly: false };

/**
 * Sets the refresh cookie of a session grant on this request's answer, and the signed-in cookie
 * with the same lifetime (nothing when unchanged).
 */
export const setRefreshCookie = (event: APIGatewayProxyEventV2, grant: SessionGrant): void => {
  if (!grant.refreshToken) return;
  const maxAge = grant.persistent
    ? Math.max(0, grant.expiresAt - Math.floor(Date.now() / 1000))
    : null;
  queueCookie(
    event,
    `${REFRESH_COOKIE}=${grant.refreshToken}; ${attributes(event, maxAge, REFRESH)}`,
  );
  queueCookie(event, `${SIGNED_IN_COOKIE}=1; ${attributes(event, maxAge, SIGNED_IN)}`);
};

export const clearRefreshCookie = (event: APIGatewayProxyEventV2): void => {
  queueCookie(event, `${REFRESH_COOKIE}=; ${attributes(event, 0, REFRESH)}`);
  queueCookie(event, `${SIGNED_IN_COOKIE}=; ${attributes(event, 0, SIGNED_IN)}`);
};

/**
 * Adds the cookies queued by the route handler to its answer. Route handlers return a body only;
 * this keeps cookies out of every other group's code path.
 */
export const sessionCookies = answerCookies;
