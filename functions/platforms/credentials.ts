import type { PlatformCredential } from '#shared/contract/platforms';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { isConditionFailure } from '../core/db/conditions';
import { RETRY_NOW, retryOnContention } from '../core/db/contention';
import {
  credentialIdFor,
  platformCredentialEntity,
  type PlatformCredentialRecord,
} from '../core/db/entities/platform-credential';
import { NotFound } from '../core/errors';
import type { ProviderAccount, TokenGrant } from '../integrations/social/social-client';
import { decryptToken, encryptToken } from './token-cipher';

export const CREDENTIAL_NOT_FOUND = 'Platform connection not found';

/** What the browser sees of a credential: who the account is, never its tokens. */
export const toPlatformCredential = (record: PlatformCredentialRecord): PlatformCredential => ({
  _id: record.credentialId,
  platform: record.platform,
  accountId: record.accountId,
  handle: record.handle,
  accountName: record.accountName ?? null,
  avatarUrl: record.avatarUrl ?? null,
  scopes: record.scopes,
  expiresAt: record.expiresAt ?? null,
  needsReconnection: record.needsReconnection,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  metadata: { connected: record.connected },
  page: record.pageId && record.pageName ? { id: record.pageId, name: record.pageName } : null,
});

export const listCredentials = async (companyId: string): Promise<PlatformCredentialRecord[]> => {
  // A company has at most one credential per platform: one small page.
  const { data } = await platformCredentialEntity()
    .query.byCompany({ companyId })
    .go({ pages: 'all', consistent: true });
  return data;
};

/** A credential of the company (checked through the company: the key includes its id). */
export const loadCredential = async (
  companyId: string,
  credentialId: string,
): Promise<PlatformCredentialRecord> => {
  const { data } = await platformCredentialEntity()
    .get({ companyId, credentialId })
    .go({ consistent: true });
  if (!data) throw new NotFound('CREDENTIAL_NOT_FOUND', CREDENTIAL_NOT_FOUND);
  return data;
};

/** The company's credential for the platform, or null when it has not connected one. */
export const findCredential = async (
  companyId: string,
  platform: ConnectablePlatform,
): Promise<PlatformCredentialRecord | null> => {
  const { data } = await platformCredentialEntity()
    .get({ companyId, credentialId: credentialIdFor(companyId, platform) })
    .go({ consistent: true });
  return data;
};

type TokenField = 'accessToken' | 'refreshToken';

/** The AAD of a token's ciphertext: the credential and the field it was written for. */
const tokenContext = (
  credential: Pick<PlatformCredentialRecord, 'companyId' | 'credentialId'>,
  field: TokenField,
) => `platform-credential/${credential.companyId}/${credential.credentialId}/${field}`;

export interface CredentialTokens {
  accessToken: string;
  refreshToken?: string;
}

/** The credential's tokens, decrypted for one use (they are never kept or logged). */
export const readTokens = async (
  credential: PlatformCredentialRecord,
): Promise<CredentialTokens> => {
  if (!credential.accessToken) return { accessToken: '' };
  const [accessToken, refreshToken] = await Promise.all([
    decryptToken(credential.accessToken, tokenContext(credential, 'accessToken')),
    credential.refreshToken
      ? decryptToken(credential.refreshToken, tokenContext(credential, 'refreshToken'))
      : undefined,
  ]);
  return refreshToken ? { accessToken, refreshToken } : { accessToken };
};

/**
 * When posting stops working unless the owner reconnects: the refresh token's end, or, without a
 * refresh token, the access token's. Undefined when the grant has no set end (X's refresh tokens).
 */
const reconnectByOf = (tokens: {
  refreshToken?: string;
  expiresAt?: string;
  refreshTokenExpiresAt?: string;
}): string | undefined => (tokens.refreshToken ? tokens.refreshTokenExpiresAt : tokens.expiresAt);

/**
 * The token attributes to write for a grant. A grant without a refresh token keeps the stored
 * one (a provider may leave it out when re-consenting or refreshing): an empty value never
 * replaces a refresh token we hold — unless the grant is another account's (`keepRefresh` false).
 */
const tokenAttributes = async (
  credential: Pick<PlatformCredentialRecord, 'companyId' | 'credentialId'>,
  grant: TokenGrant,
  stored: PlatformCredentialRecord | null,
  keepRefresh: boolean,
) => {
  const refreshToken = grant.refreshToken
    ? await encryptToken(grant.refreshToken, tokenContext(credential, 'refreshToken'))
    : keepRefresh
      ? stored?.refreshToken
      : undefined;
  const refreshTokenExpiresAt = grant.refreshToken
    ? grant.refreshTokenExpiresAt
    : keepRefresh
      ? stored?.refreshTokenExpiresAt
      : undefined;
  const reconnectBy = reconnectByOf({
    refreshToken,
    expiresAt: grant.expiresAt,
    refreshTokenExpiresAt,
  });
  return {
    accessToken: await encryptToken(grant.accessToken, tokenContext(credential, 'accessToken')),
    refreshToken,
    expiresAt: grant.expiresAt,
    refreshTokenExpiresAt,
    reconnectBy,
    // A new end of the connection is something to warn about again (connection-health job).
    reconnectionDueAt: reconnectBy,
  };
};

export interface StoredConnection {
  credential: PlatformCredentialRecord;
  /** The account this connection replaced (another account of the same platform), if any. */
  replaced: PlatformCredentialRecord | null;
}

/** Attempts at a conditional write that lost a race, before giving up. */
const MAX_WRITE_ATTEMPTS = 3;

/**
 * Stores the account a consent granted: the company's credential for the platform is created, or
 * updated in place (same id) when the same account connects again — keeping its creation time and
 * its refresh token when the new grant has none — or replaced when another account connects. The
 * write is conditional on what was read, so two callbacks at once cannot lose a token.
 */
export const storeConnection = async (input: {
  companyId: string;
  platform: ConnectablePlatform;
  account: ProviderAccount;
  grant: TokenGrant;
  /** The Facebook Page the account posts as or through (Meta's platforms). */
  page?: { id: string; name: string };
}): Promise<StoredConnection> => {
  const { companyId, platform, account, grant, page } = input;
  const key = { companyId, credentialId: credentialIdFor(companyId, platform) };
  return retryOnContention<StoredConnection>(
    {
      attempts: MAX_WRITE_ATTEMPTS,
      exhausted: `Could not store the ${platform} connection: the credential kept changing`,
    },
    async () => {
      const { data: stored } = await platformCredentialEntity().get(key).go({ consistent: true });
      const sameAccount = stored?.accountId === account.id;
      const item = {
        ...key,
        platform,
        accountId: account.id,
        handle: account.handle,
        accountName: account.displayName || undefined,
        avatarUrl: account.avatarUrl,
        ...(page ? { pageId: page.id, pageName: page.name } : {}),
        scopes: grant.scopes,
        ...(await tokenAttributes(key, grant, stored, sameAccount)),
        tokenVersion: (stored?.tokenVersion ?? 0) + 1,
        connected: true,
        needsReconnection: false,
        ...(sameAccount && stored ? { createdAt: stored.createdAt } : {}),
      };
      try {
        const write = platformCredentialEntity().put(item);
        await (
          stored
            ? write.where(({ tokenVersion }, { eq }) => eq(tokenVersion, stored.tokenVersion))
            : write.where(({ credentialId }, { notExists }) => notExists(credentialId))
        ).go({ response: 'none' });
        const { data: credential } = await platformCredentialEntity()
          .get(key)
          .go({ consistent: true });
        return { credential: credential!, replaced: stored && !sameAccount ? stored : null };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Another callback stored the credential meanwhile: read it again, keep its tokens.
        return RETRY_NOW;
      }
    },
  );
};

/**
 * Records tokens a refresh granted, if the credential is still the one refreshed (same token
 * version) and the refresh still held by the caller; clears the refresh lease. Answers the
 * updated credential, or null when it changed meanwhile (reconnected, disconnected).
 */
export const storeRefreshedTokens = async (
  credential: PlatformCredentialRecord,
  grant: TokenGrant,
  leaseId: string,
): Promise<PlatformCredentialRecord | null> => {
  const attributes = await tokenAttributes(credential, grant, credential, true);
  const defined = Object.fromEntries(
    Object.entries(attributes).filter(([, value]) => value !== undefined),
  );
  const absent = Object.entries(attributes)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name) as (keyof typeof attributes)[];
  try {
    const { data } = await platformCredentialEntity()
      .patch({ companyId: credential.companyId, credentialId: credential.credentialId })
      .set({ ...defined, tokenVersion: credential.tokenVersion + 1 })
      .remove([...absent, 'refreshLeaseId', 'refreshLeaseUntil'])
      .where(
        ({ tokenVersion, refreshLeaseId }, { eq }) =>
          `${eq(tokenVersion, credential.tokenVersion)} AND ${eq(refreshLeaseId, leaseId)}`,
      )
      .go({ response: 'all_new' });
    return data as PlatformCredentialRecord;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};

/**
 * The provider refused the grant: the credential stays (the owner sees it and reconnects) but
 * cannot post, and the owner is due a warning (once: a credential already marked is left as is).
 */
export const markNeedsReconnection = async (
  credential: Pick<PlatformCredentialRecord, 'companyId' | 'credentialId'>,
  now: Date = new Date(),
): Promise<void> => {
  try {
    await platformCredentialEntity()
      .patch({ companyId: credential.companyId, credentialId: credential.credentialId })
      .set({ needsReconnection: true, reconnectionDueAt: now.toISOString() })
      .remove(['refreshLeaseId', 'refreshLeaseUntil'])
      .where(({ needsReconnection }, { eq }) => eq(needsReconnection, false))
      .go({ response: 'none' });
  } catch (error) {
    // Already marked, or gone (disconnected meanwhile): nothing to do.
    if (!isConditionFailure(error)) throw error;
  }
};

export const deleteCredential = async (
  credential: Pick<PlatformCredentialRecord, 'companyId' | 'credentialId'>,
): Promise<void> => {
  await platformCredentialEntity()
    .delete({ companyId: credential.companyId, credentialId: credential.credentialId })
    .go({ response: 'none' });
};
