import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { GoogleAccount } from './google-accounts';

/**
 * The stand-in's ID tokens: RS256 JWTs signed with a key made at start (its public half in the
 * JWKS), with the claims Google puts in them. A test asks for one flaw a token must be refused
 * for, so the app's verification is proven against each.
 */

export const ID_TOKEN_FLAWS = ['nonce', 'audience', 'expired', 'issuer', 'signature'] as const;
export type IdTokenFlaw = (typeof ID_TOKEN_FLAWS)[number];

export const isIdTokenFlaw = (value: unknown): value is IdTokenFlaw =>
  ID_TOKEN_FLAWS.includes(value as IdTokenFlaw);

/** Google's ID tokens last an hour. */
const ID_TOKEN_SECONDS = 3600;

export interface IdTokenInput {
  issuer: string;
  clientId: string;
  account: GoogleAccount;
  nonce?: string;
  picture?: string;
  flaw?: IdTokenFlaw;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const newKey = async (): Promise<SigningKey> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomBytes(10).toString('hex');
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
};

export interface IdTokenSigner {
  jwks(): { keys: JWK[] };
  sign(input: IdTokenInput): Promise<string>;
}

export const createIdTokenSigner = async (): Promise<IdTokenSigner> => {
  const key = await newKey();
  // A key the JWKS never shows, for the "signature" flaw: its kid is the published one's.
  const stranger = await newKey();
  return {
    jwks: () => ({ keys: [key.publicJwk] }),
    async sign({ issuer, clientId, account, nonce, picture, flaw }) {
      const now = Math.floor(Date.now() / 1000);
      const issuedAt = flaw === 'expired' ? now - 2 * ID_TOKEN_SECONDS : now;
      const [givenName, ...family] = account.name.split(' ');
      const claims = {
        azp: clientId,
        email: account.email,
        email_verified: account.emailVerified,
        ...(account.hd ? { hd: account.hd } : {}),
        name: account.name,
        ...(givenName ? { given_name: givenName } : {}),
        ...(family.length ? { family_name: family.join(' ') } : {}),
        ...(picture ? { picture } : {}),
        ...(nonce !== undefined
          ? { nonce: flaw === 'nonce' ? `${nonce}-not-yours` : nonce }
          : flaw === 'nonce'
            ? { nonce: 'not-yours' }
            : {}),
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer(flaw === 'issuer' ? 'https://accounts.example.com' : issuer)
        .setAudience(flaw === 'audience' ? 'someone-else.apps.googleusercontent.com' : clientId)
        .setSubject(account.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ID_TOKEN_SECONDS)
        .sign(flaw === 'signature' ? stranger.privateKey : key.privateKey);
    },
  };
};
