import { createHash, randomBytes } from 'node:crypto';

/**
 * PKCE (RFC 7636) for X's consent: the verifier stays with us (kept with the OAuth state until the
 * callback), the S256 challenge goes in the consent URL, and X checks one against the other when
 * the code is exchanged.
 */
export const codeChallengeOf = (codeVerifier: string): string =>
  createHash('sha256').update(codeVerifier).digest('base64url');

/** A fresh verifier (43 characters of base64url, 256 bits) and its challenge. */
export const createPkcePair = (): { codeVerifier: string; codeChallenge: string } => {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: codeChallengeOf(codeVerifier) };
};
