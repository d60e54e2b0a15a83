import { createHash, randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_PREFIX } from '#shared/contract/route';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { isConditionFailure } from '../core/db/conditions';
import { oauthStateEntity } from '../core/db/entities/oauth-state';
import { isPlainHttp, queueCookie, readCookie } from '../core/http/cookies';
import { decryptToken, encryptToken } from './token-cipher';

/**
 * The `state` of an OAuth connection: random (256 bits), single-use, ten minutes long, and bound
 * to the user, the company and the browser that began it.
 *
 * The SPA authenticates with a bearer token, which the provider's redirect back to our callback
 * does not carry. So beginning a connection also sets a short-lived cookie holding a second random
 * value (the nonce) whose hash is stored with the state: HttpOnly (no script reads it), SameSite
 * Lax (sent on the provider's top-level redirect back, never on another site's sub-request), its
 * path the callback's alone, one per state (so two connections under way in two tabs do not undo
 * each other). A state that reaches the callback in another browser — a link someone was sent, a
 * state from another user's flow — finds no matching cookie and is refused, and not spent.
 */

export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const cookieNameOf = (stateHash: string) => `sailpost_oauth_${stateHash.slice(0, 16)}`;

const callbackPath = (platform: ConnectablePlatform) =>
  `${API_PREFIX}/platforms/${platform}/callback`;

const cookieAttributes = (
  event: APIGatewayProxyEventV2,
  platform: ConnectablePlatform,
  maxAgeSeconds: number,
) =>
  [
    `Path=${callbackPath(platform)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(isPlainHttp(event) ? [] : ['Secure']),
    `Max-Age=${maxAgeSeconds}`,
  ].join('; ');

/** The PKCE verifier's AAD: it decrypts only as the verifier of this state. */
const verifierContext = (stateHash: string) => `oauth-state/${stateHash}/codeVerifier`;

export interface NewState {
  state: string;
}

/**
 * Records a new state for the user's connection of the company's account, and queues the
 * browser's cookie on the answer. The PKCE verifier stays here, encrypted, until the callback.
 */
export const createOAuthState = async (input: {
  platform: ConnectablePlatform;
  userId: string;
  companyId: string;
  codeVerifier: string;
  event: APIGatewayProxyEventV2;
  now?: Date;
}): Promise<NewState> => {
  const now = input.now ?? new Date();
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(32).toString('base64url');
  const stateHash = sha256(state);
  await oauthStateEntity()
    .create({
      stateHash,
      platform: input.platform,
      userId: input.userId,
      companyId: input.companyId,
      codeVerifier: await encryptToken(input.codeVerifier, verifierContext(stateHash)),
      browserHash: sha256(nonce),
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + OAUTH_STATE_TTL_SECONDS,
    })
    .go({ response: 'none' });
  queueCookie(
    input.event,
    `${cookieNameOf(stateHash)}=${nonce}; ${cookieAttributes(input.event, input.platform, OAUTH_STATE_TTL_SECONDS)}`,
  );
  return { state };
};

export type ClaimedState =
  | {
      outcome: 'claimed';
      userId: string;
      companyId: string;
      codeVerifier: string;
    }
  /** Bound to this browser, but past its ten minutes. */
  | { outcome: 'expired'; userId: string; companyId: string }
  /** Unknown, already used, another platform's, or not this browser's. */
  | { outcome: 'invalid' };

/**
 * Spends the state the provider sent back: one conditional delete, which succeeds only for a
 * state that exists, is this platform's and whose nonce this browser holds — so it works once,
 * in the browser that began it. The browser's cookie is cleared on the answer either way.
 */
export const claimOAuthState = async (input: {
  platform: ConnectablePlatform;
  state: string | undefined;
  event: APIGatewayProxyEventV2;
  now?: Date;
}): Promise<ClaimedState> => {
  const { platform, state, event } = input;
  if (!state) return { outcome: 'invalid' };
  const stateHash = sha256(state);
  const cookieName = cookieNameOf(stateHash);
  const nonce = readCookie(event, cookieName);
  queueCookie(event, `${cookieName}=; ${cookieAttributes(event, platform, 0)}`);
  if (!nonce) return { outcome: 'invalid' };

  let claimed;
  try {
    ({ data: claimed } = await oauthStateEntity()
      .delete({ stateHash })
      .where(
        (attributes, { eq }) =>
          `${eq(attributes.platform, platform)} AND ${eq(attributes.browserHash, sha256(nonce))}`,
      )
      .go({ response: 'all_old' }));
  } catch (error) {
    if (isConditionFailure(error)) return { outcome: 'invalid' };
    throw error;
  }
  if (!claimed) return { outcome: 'invalid' };
  const now = input.now ?? new Date();
  // TTL removes expired states only eventually (up to days later): the time is checked here.
  if (claimed.expiresAt <= Math.floor(now.getTime() / 1000)) {
    return { outcome: 'expired', userId: claimed.userId, companyId: claimed.companyId };
  }
  return {
    outcome: 'claimed',
    userId: claimed.userId,
    companyId: claimed.companyId,
    codeVerifier: await decryptToken(claimed.codeVerifier, verifierContext(stateHash)),
  };
};
