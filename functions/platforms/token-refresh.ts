import { randomUUID } from 'node:crypto';
import { sleep } from '../core/backoff';
import { isConditionFailure } from '../core/db/conditions';
import {
  platformCredentialEntity,
  type PlatformCredentialRecord,
} from '../core/db/entities/platform-credential';
import { ProviderAuthRevoked, ProviderUnavailable } from '../integrations/social/provider-errors';
import type { SocialClient } from '../integrations/social/social-client';
import { markNeedsReconnection, readTokens, storeRefreshedTokens } from './credentials';

/**
 * X's access tokens live two hours; a post refreshes one that has less than this left, so it
 * cannot expire between the check and the provider's answer (media uploads take a while).
 */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** How long a refresh may hold its claim; past it, another caller takes over (a crashed Lambda). */
export const REFRESH_LEASE_MS = 20_000;
/** A caller that finds a refresh under way re-reads this often, at most until the lease's end. */
const WAIT_STEP_MS = 200;

const isFresh = (credential: PlatformCredentialRecord, now: number): boolean =>
  !credential.expiresAt || Date.parse(credential.expiresAt) - now > REFRESH_MARGIN_MS;

/** The grant is gone: mark the credential and say so the way the provider would have. */
const revoked = async (
  client: SocialClient,
  credential: PlatformCredentialRecord,
  reason: string,
) => {
  await markNeedsReconnection(credential);
  return new ProviderAuthRevoked(client.platform, reason, 401);
};

/**
 * Claims the refresh of this token version with one conditional write: it succeeds when no
 * refresh holds the credential (or the one that did has outlived its lease) and the tokens are
 * still the ones read. X's refresh tokens are single-use — a second refresh with the same token
 * revokes the whole grant — so exactly one caller may spend it.
 */
const claimRefresh = async (
  credential: PlatformCredentialRecord,
  now: number,
): Promise<string | null> => {
  const leaseId = randomUUID();
  try {
    await platformCredentialEntity()
      .patch({ companyId: credential.companyId, credentialId: credential.credentialId })
      .set({ refreshLeaseId: leaseId, refreshLeaseUntil: now + REFRESH_LEASE_MS })
      .where(
        ({ tokenVersion, refreshLeaseUntil, needsReconnection }, { eq, notExists, lt }) =>
          `${eq(tokenVersion, credential.tokenVersion)} AND ${eq(needsReconnection, false)} AND (${notExists(refreshLeaseUntil)} OR ${lt(refreshLeaseUntil, now)})`,
      )
      .go({ response: 'none' });
    return leaseId;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};

/** Gives a claimed refresh back after a failure that did not spend the token (a 5xx, a time-out). */
const releaseRefresh = async (credential: PlatformCredentialRecord, leaseId: string) => {
  try {
    await platformCredentialEntity()
      .patch({ companyId: credential.companyId, credentialId: credential.credentialId })
      .remove(['refreshLeaseId', 'refreshLeaseUntil'])
      .where(({ refreshLeaseId }, { eq }) => eq(refreshLeaseId, leaseId))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

const reread = async (
  credential: PlatformCredentialRecord,
): Promise<PlatformCredentialRecord | null> =>
  (
    await platformCredentialEntity()
      .get({ companyId: credential.companyId, credentialId: credential.credentialId })
      .go({ consistent: true })
  ).data;

/**
 * A usable access token for the credential: the stored one while it has time left, else a fresh
 * one from the provider — one refresh at a time per credential. The caller that claims the
 * refresh spends the refresh token and stores what it got; a caller that finds the refresh under
 * way waits for it and reads the result. A refusal of the grant (ProviderAuthRevoked) marks the
 * credential `needsReconnection` and is rethrown; other provider errors release the claim and
 * are rethrown for the caller to map.
 */
export const freshAccessToken = async (
  client: SocialClient,
  start: PlatformCredentialRecord,
  now: () => number = Date.now,
): Promise<{ credential: PlatformCredentialRecord; accessToken: string }> => {
  let credential: PlatformCredentialRecord | null = start;
  const deadline = now() + REFRESH_LEASE_MS + 5_000;
  while (credential) {
    if (credential.needsReconnection)
      throw await revoked(client, credential, 'The grant was revoked');
    if (isFresh(credential, now())) {
      return { credential, accessToken: (await readTokens(credential)).accessToken };
    }
    const { refreshToken } = await readTokens(credential);
    if (!refreshToken) {
      throw await revoked(
        client,
        credential,
        'The access token expired and there is no refresh token',
      );
    }
    const leaseId = await claimRefresh(credential, now());
    if (leaseId) {
      let grant;
      try {
        grant = await client.refresh(refreshToken);
      } catch (error) {
        if (error instanceof ProviderAuthRevoked) await markNeedsReconnection(credential);
        else await releaseRefresh(credential, leaseId);
        throw error;
      }
      const stored = await storeRefreshedTokens(credential, grant, leaseId);
      // Reconnected or disconnected while we refreshed: what is stored now decides.
      if (stored) return { credential: stored, accessToken: grant.accessToken };
    } else {
      if (now() > deadline) {
        // Nothing was sent to the provider: the owner may simply try again.
        throw new ProviderUnavailable(
          client.platform,
          'A refresh of the connection took too long',
          undefined,
          true,
        );
      }
      await sleep(WAIT_STEP_MS);
    }
    credential = await reread(credential);
  }
  throw await revoked(client, start, 'The connection was removed');
};
