import * as oidc from 'openid-client';
import { config } from '../../core/config';
import { readDeclaredSecret } from '../../core/secrets';

/**
 * "Continue with Google" through openid-client (a certified OpenID Connect relying party): the
 * provider is discovered from `GOOGLE_ISSUER_URL` (https://accounts.google.com, or the sandbox's
 * stand-in, so the same code runs everywhere), the start carries a PKCE S256 challenge, a state
 * and a nonce, and the callback's code is exchanged and its ID token verified: issuer, audience,
 * expiry, nonce, the redirect's `iss` when Google sends it, and — switched on below, since a
 * client may skip it for a token read straight from the token endpoint — the signature against
 * the provider's JWKS.
 */

const SCOPE = 'openid email profile';

/** Only the sandbox's stand-in on this machine is reached over plain http. */
const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** Google sign-in is not configured, or the provider could not be reached. */
export class GoogleSignInUnavailable extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`Google sign-in is unavailable: ${reason}`, options);
    this.name = 'GoogleSignInUnavailable';
  }
}

/** Google's answer did not prove who signed in (a wrong nonce, audience, signature, …). */
export class GoogleSignInRefused extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`Google sign-in was refused: ${reason}`, options);
    this.name = 'GoogleSignInRefused';
  }
}

let discovered: { key: string; configuration: Promise<oidc.Configuration> } | undefined;

/** The discovered client, once per container (and again after a failed discovery). */
const googleClient = async (): Promise<oidc.Configuration> => {
  const { GOOGLE_CLIENT_ID, GOOGLE_ISSUER_URL } = config();
  if (!GOOGLE_CLIENT_ID) throw new GoogleSignInUnavailable('GOOGLE_CLIENT_ID is not configured');
  const clientSecret = await readDeclaredSecret('googleClientSecret');
  const key = `${GOOGLE_ISSUER_URL} ${GOOGLE_CLIENT_ID} ${clientSecret}`;
  if (discovered?.key !== key) {
    const issuer = new URL(GOOGLE_ISSUER_URL);
    const configuration = oidc
      .discovery(
        issuer,
        GOOGLE_CLIENT_ID,
        clientSecret,
        undefined,
        isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .then((found) => {
        oidc.enableNonRepudiationChecks(found);
        return found;
      });
    discovered = { key, configuration };
    configuration.catch(() => {
      if (discovered?.configuration === configuration) discovered = undefined;
    });
  }
  try {
    return await discovered.configuration;
  } catch (error) {
    throw new GoogleSignInUnavailable('discovery failed', { cause: error });
  }
};

export interface GoogleAuthorization {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

/** Google's sign-in page for this attempt. */
export const googleAuthorizationUrl = async (input: GoogleAuthorization): Promise<string> =>
  oidc
    .buildAuthorizationUrl(await googleClient(), {
      redirect_uri: input.redirectUri,
      scope: SCOPE,
      state: input.state,
      nonce: input.nonce,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    })
    .toString();

export const newPkceVerifier = (): string => oidc.randomPKCECodeVerifier();
export const pkceChallengeOf = (verifier: string): Promise<string> =>
  oidc.calculatePKCECodeChallenge(verifier);
export const newNonce = (): string => oidc.randomNonce();

/** Who Google says signed in: the ID token's claims the app uses. */
export interface GoogleIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  /** The Workspace domain, for a Workspace account only. */
  hostedDomain?: string;
  givenName?: string;
  familyName?: string;
  name?: string;
}

const stringClaim = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * Exchanges the code of Google's redirect (`callbackUrl`: our redirect URI with the query Google
 * sent) and verifies the ID token. Throws GoogleSignInRefused for anything that does not prove
 * the sign-in, GoogleSignInUnavailable when Google cannot be reached.
 */
export const googleIdentityOf = async (input: {
  callbackUrl: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}): Promise<GoogleIdentity> => {
  const client = await googleClient();
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(client, input.callbackUrl, {
      pkceCodeVerifier: input.codeVerifier,
      expectedState: input.state,
      expectedNonce: input.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    if (error instanceof TypeError && !(error as { code?: string }).code) {
      // fetch's own failure: Google was not reached.
      throw new GoogleSignInUnavailable('the token endpoint was not reached', { cause: error });
    }
    throw new GoogleSignInRefused(error instanceof Error ? error.message : 'unknown', {
      cause: error,
    });
  }
  const email = stringClaim(claims?.email)?.toLowerCase();
  if (!claims || !email) throw new GoogleSignInRefused('the ID token has no email');
  const hostedDomain = stringClaim(claims.hd)?.toLowerCase();
  const givenName = stringClaim(claims.given_name);
  const familyName = stringClaim(claims.family_name);
  const name = stringClaim(claims.name);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    ...(hostedDomain ? { hostedDomain } : {}),
    ...(givenName ? { givenName } : {}),
    ...(familyName ? { familyName } : {}),
    ...(name ? { name } : {}),
  };
};
