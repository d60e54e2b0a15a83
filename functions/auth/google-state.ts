import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { API_PREFIX } from '#shared/contract/route';
import { GOOGLE_STATE_TTL_SECONDS } from '#shared/domain/limits';
import { isConditionFailure } from '../core/db/conditions';
import { signInHandoffEntity } from '../core/db/entities/sign-in-handoff';
import { isPlainHttp, queueCookie, readCookie } from '../core/http/cookies';
import { readDeclaredSecret } from '../core/secrets';

/**
 * The `state` of a Google sign-in, bound to the browser that began it, as the X and LinkedIn
 * connections bind theirs: the start sets a cookie named after the state — HttpOnly, SameSite=Lax
 * (sent on Google's top-level redirect back, never on another site's sub-request), its path the
 * callback's alone, one per state so two tabs do not undo each other — and the callback finds it
 * by the state Google sent back. Nobody is signed in yet, so nothing is stored at the start: the
 * cookie itself carries the nonce and the PKCE verifier, encrypted (JWE, A256GCM, with a key
 * derived from the token key) and expiring with it. A state that reaches the callback in another
 * browser finds no cookie; a state seen once is marked spent, so the same callback replayed (even
 * with the cookie) is refused.
 */

const COOKIE_PREFIX = 'sailpost_google_';
const CALLBACK_PATH = `${API_PREFIX}/auth/google/callback`;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const cookieNameOf = (state: string) => `${COOKIE_PREFIX}${sha256(state).slice(0, 16)}`;

const sealingKey = async (): Promise<Uint8Array> =>
  new Uint8Array(
    hkdfSync(
      'sha256',
      await readDeclaredSecret('tokenKey'),
      'sailpost',
      'google sign-in state v1',
      32,
    ),
  );

const cookieAttributes = (event: APIGatewayProxyEventV2, maxAgeSeconds: number) =>
  [
    `Path=${CALLBACK_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(isPlainHttp(event) ? [] : ['Secure']),
    `Max-Age=${maxAgeSeconds}`,
  ].join('; ');

/** A link from the profile: the account that began it, at the token version it had then. */
export interface GoogleLinkIntent {
  userId: string;
  tokenVersion: number;
}

export interface GoogleAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Set when the signed-in owner began it from the profile: link, do not sign in. */
  link?: GoogleLinkIntent;
}

/** Seals a new attempt into this browser's cookie (queued on the answer). */
export const bindGoogleAttempt = async (
  event: APIGatewayProxyEventV2,
  attempt: Omit<GoogleAttempt, 'state'>,
): Promise<GoogleAttempt> => {
  const state = randomBytes(32).toString('base64url');
  const sealed = await new EncryptJWT({
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
    // Inside the sealed cookie, the intent cannot be read or swapped for another account's.
    ...(attempt.link ? { link: attempt.link } : {}),
  })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    // The state is the cookie's subject: a cookie copied under another state's name does not open.
    .setSubject(sha256(state))
    .setIssuedAt()
    .setExpirationTime(`${GOOGLE_STATE_TTL_SECONDS}s`)
    .encrypt(await sealingKey());
  queueCookie(
    event,
    `${cookieNameOf(state)}=${sealed}; ${cookieAttributes(event, GOOGLE_STATE_TTL_SECONDS)}`,
  );
  return { state, ...attempt };
};

/**
 * The attempt of the state Google sent back, when this browser began it, it has not expired and
 * it was never seen before; else null. The browser's cookie is cleared on the answer either way.
 */
export const claimGoogleAttempt = async (
  event: APIGatewayProxyEventV2,
  state: string | undefined,
): Promise<GoogleAttempt | null> => {
  if (!state) return null;
  const cookieName = cookieNameOf(state);
  const sealed = readCookie(event, cookieName);
  queueCookie(event, `${cookieName}=; ${cookieAttributes(event, 0)}`);
  if (!sealed) return null;
  let opened;
  try {
    ({ payload: opened } = await jwtDecrypt(sealed, await sealingKey(), {
      subject: sha256(state),
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    }));
  } catch {
    // Tampered, expired, or another state's.
    return null;
  }
  const { nonce, codeVerifier } = opened;
  if (typeof nonce !== 'string' || typeof codeVerifier !== 'string') return null;
  const link = linkIntentOf(opened.link);
  if (link === null) return null;
  const now = Math.floor(Date.now() / 1000);
  try {
    await signInHandoffEntity()
      .create({
        kind: 'spent-state',
        valueHash: sha256(state),
        createdAt: new Date().toISOString(),
        expiresAt: now + GOOGLE_STATE_TTL_SECONDS,
      })
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
  return { state, nonce, codeVerifier, ...(link ? { link } : {}) };
};

/** The sealed link intent: undefined for a sign-in, null when it is not one we sealed. */
const linkIntentOf = (value: unknown): GoogleLinkIntent | undefined | null => {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) return null;
  const { userId, tokenVersion } = value as Record<string, unknown>;
  return typeof userId === 'string' && typeof tokenVersion === 'number'
    ? { userId, tokenVersion }
    : null;
};
