import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { authRoutes } from '#shared/contract/auth';
import { API_PREFIX, PATH_ID_PATTERN } from '#shared/contract/route';
import {
  LOGIN_DEVICE_ACCOUNTS_PER_BROWSER,
  LOGIN_DEVICE_COOKIE_TTL_SECONDS,
} from '#shared/domain/limits';
import { keyedHash } from '../core/auth/tokens';
import { isPlainHttp, queueCookie } from '../core/http/cookies';

/**
 * The device cookie: proof that this browser signed in to the account before, so that its
 * sign-in attempts are counted for it alone and a stranger's guesses elsewhere cannot lock it out.
 *
 * One cookie per account, named by the account's id. Registering signs in too, but its route never
 * receives the sign-in route's cookies, so it could not rewrite a shared one without losing the
 * others; a cookie of its own needs no reading. Each sign-in sees them all and drops the oldest.
 *
 * The value is `v1.<nonce>.<issued at, epoch ms>.<signature>`; the signature is the token key's
 * keyed hash (a purpose of its own) over the account's id and email, the nonce and the time, so a
 * cookie can be neither made up, edited, nor moved to another account's name, and it is checked
 * against the email being signed in to without reading anything. httpOnly (no script reads it),
 * SameSite=Strict, sent only to the sign-in route, Secure everywhere but the plain-http sandbox.
 */
export const DEVICE_COOKIE_PREFIX = 'sailpost_device_';
const COOKIE_PATH = `${API_PREFIX}${authRoutes.login.path}`;
const FORMAT = 'v1';
const PURPOSE = 'login-device';
const TTL_MS = LOGIN_DEVICE_COOKIE_TTL_SECONDS * 1000;
/** A cookie issued "later" than now by another container's clock is still ours. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const ISSUED_PATTERN = /^\d{1,15}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

export interface DeviceToken {
  readonly userId: string;
  /** Random, new at each sign-in: names this browser's own count of attempts. */
  readonly nonce: string;
  /** Epoch milliseconds: orders a browser's cookies and ends a cookie after its lifetime. */
  readonly issuedAt: number;
}

const signatureOf = (token: DeviceToken, email: string): Promise<string> =>
  keyedHash(PURPOSE, `${token.userId}|${email}|${token.nonce}|${token.issuedAt}`);

export const newDeviceToken = (userId: string, now: number = Date.now()): DeviceToken => ({
  userId,
  nonce: randomBytes(16).toString('base64url'),
  issuedAt: now,
});

export const encodeDeviceToken = async (token: DeviceToken, email: string): Promise<string> =>
  [FORMAT, token.nonce, token.issuedAt, await signatureOf(token, email)].join('.');

/**
 * The token of a cookie value shaped like ours and within its lifetime, and its signature, not
 * yet checked (enough to choose which of a browser's cookies to keep).
 */
const parseDeviceCookie = (
  userId: string,
  value: string,
  now: number,
): { token: DeviceToken; signature: string } | null => {
  const [format, nonce, issued, signature, ...rest] = value.split('.');
  if (format !== FORMAT || rest.length) return null;
  if (!NONCE_PATTERN.test(nonce ?? '') || !ISSUED_PATTERN.test(issued ?? '')) return null;
  if (!SIGNATURE_PATTERN.test(signature ?? '')) return null;
  const token: DeviceToken = { userId, nonce: nonce!, issuedAt: Number(issued) };
  if (token.issuedAt > now + CLOCK_SKEW_MS || now - token.issuedAt >= TTL_MS) return null;
  return { token, signature: signature! };
};

/**
 * The token a cookie value carries for the account with this email, or null when we did not sign
 * it for that account (forged, edited, another account's) or its lifetime is over.
 */
export const decodeDeviceToken = async (
  userId: string,
  email: string,
  value: string,
  now: number = Date.now(),
): Promise<DeviceToken | null> => {
  const parsed = parseDeviceCookie(userId, value, now);
  if (!parsed) return null;
  const expected = Buffer.from(await signatureOf(parsed.token, email), 'hex');
  return timingSafeEqual(expected, Buffer.from(parsed.signature, 'hex')) ? parsed.token : null;
};

interface CarriedCookie {
  readonly userId: string;
  readonly value: string;
}

/** The device cookies a request carries, by account; a name that is not ours is left alone. */
const carriedCookies = (event: APIGatewayProxyEventV2): CarriedCookie[] =>
  (event.cookies ?? []).flatMap((cookie) => {
    const equals = cookie.indexOf('=');
    if (!cookie.startsWith(DEVICE_COOKIE_PREFIX) || equals === -1) return [];
    const userId = cookie.slice(DEVICE_COOKIE_PREFIX.length, equals);
    return PATH_ID_PATTERN.test(userId) ? [{ userId, value: cookie.slice(equals + 1) }] : [];
  });

/**
 * The valid device token this request carries for the account with this email, or null (as if
 * it had none). Reads nothing: which account the email belongs to is in the signed cookie.
 */
export const carriedDeviceToken = async (
  event: APIGatewayProxyEventV2,
  email: string,
): Promise<DeviceToken | null> => {
  for (const { userId, value } of carriedCookies(event)) {
    const token = await decodeDeviceToken(userId, email, value);
    if (token) return token;
  }
  return null;
};

/**
 * The accounts whose cookies the browser should drop: those not shaped like ours or past their
 * lifetime, and all but the `keep` most recently issued of the others.
 */
export const accountsToForget = (
  carried: ReadonlyArray<{ readonly userId: string; readonly token: DeviceToken | null }>,
  keep: number,
): string[] => {
  const newestFirst = carried
    .flatMap(({ token }) => (token ? [token] : []))
    .sort((a, b) => b.issuedAt - a.issuedAt);
  const kept = new Set(newestFirst.slice(0, keep).map((token) => token.userId));
  return [...new Set(carried.map(({ userId }) => userId))].filter((userId) => !kept.has(userId));
};

const attributes = (event: APIGatewayProxyEventV2, maxAgeSeconds: number): string =>
  [
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isPlainHttp(event) ? [] : ['Secure']),
    `Max-Age=${maxAgeSeconds}`,
  ].join('; ');

/**
 * Gives this browser a new device cookie for the account (the answer to a successful sign-in or
 * a registration), and drops the oldest cookies of other accounts beyond the browser's bound.
 * Their signatures name emails this request does not know, so they are chosen by their shape and
 * age alone: a made-up cookie can only change which of its own browser's cookies are kept.
 */
export const rememberDevice = async (
  event: APIGatewayProxyEventV2,
  account: { readonly userId: string; readonly email: string },
): Promise<void> => {
  const now = Date.now();
  const others = carriedCookies(event)
    .filter(({ userId }) => userId !== account.userId)
    .map(({ userId, value }) => ({
      userId,
      token: parseDeviceCookie(userId, value, now)?.token ?? null,
    }));
  for (const forgotten of accountsToForget(others, LOGIN_DEVICE_ACCOUNTS_PER_BROWSER - 1)) {
    queueCookie(event, `${DEVICE_COOKIE_PREFIX}${forgotten}=; ${attributes(event, 0)}`);
  }
  const { userId, email } = account;
  const value = await encodeDeviceToken(newDeviceToken(userId, now), email);
  queueCookie(
    event,
    `${DEVICE_COOKIE_PREFIX}${userId}=${value}; ${attributes(event, LOGIN_DEVICE_COOKIE_TTL_SECONDS)}`,
  );
};
