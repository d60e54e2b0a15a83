import { randomBytes } from 'node:crypto';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { codeChallengeOf } from '#functions/integrations/social/pkce';
import type { Grant, ProviderStore, StandInAccount } from './provider-store';

/**
 * The authorization server of one stand-in: codes from the consent page (single-use, bound to the
 * client, the redirect URI and, on X, the PKCE challenge), access tokens that expire, rotating
 * single-use refresh tokens — a spent one used again revokes the whole grant, as X does —, and
 * revocation. Codes live in memory (they last minutes); grants and tokens in the store.
 */

export interface OAuthPolicy {
  platform: ConnectablePlatform;
  /** X: 2 hours; LinkedIn: 60 days. */
  accessTokenSeconds: number;
  /** Whether a grant of these scopes gets a refresh token (X: with offline.access; LinkedIn: no). */
  refreshTokenFor(scopes: readonly string[]): boolean;
}

export interface IssuedTokens {
  accessToken: string;
  expiresIn: number;
  refreshToken?: string;
  scopes: string[];
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge?: string;
  account: StandInAccount;
  scopes: string[];
  expiresAt: number;
}

/** How long a consent's code can be exchanged. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** Each stand-in's tokens say whose they are. */
const TOKEN_PREFIXES: Record<ConnectablePlatform, string> = {
  twitter: 'sbx-x-',
  linkedin: 'sbx-li-',
  facebook: 'sbx-fb-',
  instagram: 'sbx-ig-',
};

const randomToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

/** A record's own entry (a token from a request is never looked up on the prototype). */
const own = <T>(record: Record<string, T>, key: string | undefined): T | undefined =>
  key !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

export interface OAuthServer {
  issueCode(input: Omit<PendingCode, 'expiresAt'>): string;
  /** Tokens for a code, or why not (OAuth's words). */
  redeemCode(input: {
    code: string;
    clientId: string;
    redirectUri: string;
    codeVerifier?: string;
  }): Promise<IssuedTokens | string>;
  refresh(input: { refreshToken: string; clientId: string }): Promise<IssuedTokens | string>;
  /** RFC 7009: a refresh token ends its grant, an access token only itself; unknown ones are ignored. */
  revoke(token: string, clientId: string): Promise<void>;
  /** Every grant issued so far (failure injection "revoke"). */
  revokeAll(): Promise<void>;
  /** The live grant an access token belongs to. */
  grantOf(accessToken: string | undefined): Grant | undefined;
  /**
   * Grants as if each account had consented, with their tokens, saved once: for load simulations
   * that connect thousands of accounts (`POST /_sandbox/api/providers/{platform}/grants`).
   */
  grantDirectly(
    grants: readonly { clientId: string; account: StandInAccount; scopes: string[] }[],
  ): Promise<IssuedTokens[]>;
}

export const createOAuthServer = (store: ProviderStore, policy: OAuthPolicy): OAuthServer => {
  const codes = new Map<string, PendingCode>();
  const { data } = store;
  const prefix = TOKEN_PREFIXES[policy.platform];

  const issue = async (grant: Grant): Promise<IssuedTokens> => {
    const issued = issueUnsaved(grant);
    await store.save();
    return issued;
  };

  const newGrant = (input: Omit<Grant, 'grantId' | 'platform' | 'revoked' | 'createdAt'>) => {
    const grant: Grant = {
      grantId: randomBytes(12).toString('base64url'),
      platform: policy.platform,
      ...input,
      revoked: false,
      createdAt: new Date().toISOString(),
    };
    data.grants[grant.grantId] = grant;
    return grant;
  };

  const issueUnsaved = (grant: Grant): IssuedTokens => {
    const accessToken = randomToken(`${prefix}at-`);
    data.tokens[accessToken] = {
      grantId: grant.grantId,
      kind: 'access',
      expiresAt: Date.now() + policy.accessTokenSeconds * 1000,
    };
    let refreshToken: string | undefined;
    if (policy.refreshTokenFor(grant.scopes)) {
      refreshToken = randomToken(`${prefix}rt-`);
      data.tokens[refreshToken] = { grantId: grant.grantId, kind: 'refresh' };
    }
    return {
      accessToken,
      expiresIn: policy.accessTokenSeconds,
      ...(refreshToken ? { refreshToken } : {}),
      scopes: grant.scopes,
    };
  };

  const revokeGrant = (grantId: string) => {
    const grant = own(data.grants, grantId);
    if (grant) grant.revoked = true;
  };

  return {
    issueCode(input) {
      const code = randomToken(`${prefix}code-`);
      codes.set(code, { ...input, expiresAt: Date.now() + CODE_LIFETIME_MS });
      return code;
    },

    async redeemCode({ code, clientId, redirectUri, codeVerifier }) {
      const pending = codes.get(code);
      // Single use, whatever happens next.
      codes.delete(code);
      if (!pending || pending.expiresAt < Date.now() || pending.clientId !== clientId) {
        return 'Value passed for the authorization code was invalid.';
      }
      if (pending.redirectUri !== redirectUri) return 'redirect_uri does not match the consent.';
      if (pending.codeChallenge !== undefined) {
        if (!codeVerifier || codeChallengeOf(codeVerifier) !== pending.codeChallenge) {
          return 'Value passed for the code_verifier was invalid.';
        }
      }
      return issue(newGrant({ clientId, account: pending.account, scopes: pending.scopes }));
    },

    async refresh({ refreshToken, clientId }) {
      const token = own(data.tokens, refreshToken);
      const grant = token?.kind === 'refresh' ? own(data.grants, token.grantId) : undefined;
      if (!token || !grant || grant.clientId !== clientId) {
        return 'Value passed for the token was invalid.';
      }
      if (token.spent) {
        // Someone holds an old refresh token: end the grant, as X does.
        revokeGrant(grant.grantId);
        await store.save();
        return 'Value passed for the token was invalid.';
      }
      if (grant.revoked || token.revoked) return 'Value passed for the token was invalid.';
      token.spent = true;
      return issue(grant);
    },

    async revoke(token, clientId) {
      const issued = own(data.tokens, token);
      if (!issued || own(data.grants, issued.grantId)?.clientId !== clientId) return;
      if (issued.kind === 'refresh') revokeGrant(issued.grantId);
      else issued.revoked = true;
      await store.save();
    },

    async revokeAll() {
      for (const grant of Object.values(data.grants)) {
        if (grant.platform === policy.platform) grant.revoked = true;
      }
      await store.save();
    },

    async grantDirectly(grants) {
      const issued = grants.map((input) => issueUnsaved(newGrant(input)));
      await store.save();
      return issued;
    },

    grantOf(accessToken) {
      const token = own(data.tokens, accessToken);
      if (token?.kind !== 'access' || token.revoked || (token.expiresAt ?? 0) < Date.now()) {
        return undefined;
      }
      const grant = own(data.grants, token.grantId);
      return grant && !grant.revoked && grant.platform === policy.platform ? grant : undefined;
    },
  };
};
