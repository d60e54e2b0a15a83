import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import * as oidc from 'openid-client';
import { config } from '../../core/config';
import { readDeclaredSecret } from '../../core/secrets';

/**
 * "Continue with Google" through openid-client (a certified OpenID Connect relying party) and its
 * certified core oauth4webapi: the provider is discovered from `GOOGLE_ISSUER_URL`
 * (https://accounts.google.com, or the sandbox's stand-in, so the same code runs everywhere), the
 * start carries a PKCE S256 challenge, a state and a nonce, and the callback's code is exchanged
 * and its ID token verified: issuer, audience, expiry, nonce, the redirect's `iss` when Google
 * sends it, and — though a client may skip it for a token read straight from the token endpoint
 * — the signature against the provider's JWKS.
 *
 * The exchange is oauth4webapi's own steps rather than openid-client's one call because Google
 * signs some ID tokens with `iss` = `accounts.google.com`, without the scheme its discovery
 * document names (its documentation says to accept both), while the library compares `iss` with
 * the discovered issuer exactly.
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

interface GoogleClient {
  configuration: oidc.Configuration;
  clientSecret: string;
  /** Set for the sandbox's stand-in only (see isLoopbackHttp). */
  insecure: boolean;
  /** The provider's signing keys as oauth4webapi keeps them (up to five minutes), per discovery. */
  jwksCache: oauth.JWKSCacheInput;
}

let discovered:
  | { key: string; configuration: Promise<oidc.Configuration>; jwksCache: oauth.JWKSCacheInput }
  | undefined;

/** The discovered client, once per container (and again after a failed discovery). */
const googleClient = async (): Promise<GoogleClient> => {
  const { GOOGLE_CLIENT_ID, GOOGLE_ISSUER_URL } = config();
  if (!GOOGLE_CLIENT_ID) throw new GoogleSignInUnavailable('GOOGLE_CLIENT_ID is not configured');
  const clientSecret = await readDeclaredSecret('googleClientSecret');
  const key = `${GOOGLE_ISSUER_URL} ${GOOGLE_CLIENT_ID} ${clientSecret}`;
  const insecure = isLoopbackHttp(new URL(GOOGLE_ISSUER_URL));
  if (discovered?.key !== key) {
    const configuration = oidc.discovery(
      new URL(GOOGLE_ISSUER_URL),
      GOOGLE_CLIENT_ID,
      clientSecret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    discovered = { key, configuration, jwksCache: {} };
    configuration.catch(() => {
      if (discovered?.configuration === configuration) discovered = undefined;
    });
  }
  try {
    const { jwksCache } = discovered;
    return { configuration: await discovered.configuration, clientSecret, insecure, jwksCache };
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
    .buildAuthorizationUrl((await googleClient()).configuration, {
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
 * The issuer an ID token may name: the discovered one, or the same without its scheme (Google's
 * `accounts.google.com`; for the sandbox's stand-in, its issuer without `http://`). Anything else
 * is left to fail the library's exact comparison with the discovered issuer.
 */
export const acceptedIssuerOf = (discoveredIssuer: string, named: unknown): string => {
  const bare = discoveredIssuer.replace(/^https?:\/\//, '');
  return named === bare ? bare : discoveredIssuer;
};

/** The `iss` the token response's ID token names, read unverified only to choose what to expect. */
const issuerNamedIn = async (response: Response): Promise<unknown> => {
  try {
    const body = (await response.clone().json()) as { id_token?: unknown };
    return typeof body.id_token === 'string' ? decodeJwt(body.id_token).iss : undefined;
  } catch {
    return undefined; // not JSON or not a JWT: the library's own processing refuses it
  }
};

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
  const { configuration, clientSecret, insecure, jwksCache } = await googleClient();
  // openid-client's metadata with its helper method left out: oauth4webapi takes plain JSON.
  const { supportsPKCE: _supportsPKCE, ...server } = configuration.serverMetadata();
  const client: oauth.Client = { client_id: configuration.clientMetadata().client_id };
  const options = { [oauth.allowInsecureRequests]: insecure };
  let claims: oauth.IDToken | undefined;
  try {
    // The redirect's `iss` (when sent) must be the discovered issuer exactly, as must the state.
    const parameters = oauth.validateAuthResponse(server, client, input.callbackUrl, input.state);
    const redirectUri = new URL(input.callbackUrl.pathname, input.callbackUrl).href;
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client,
      oauth.ClientSecretPost(clientSecret),
      parameters,
      redirectUri,
      input.codeVerifier,
      options,
    );
    // The same server, expecting the issuer in the form the token names when that is one of the two.
    const signer = {
      ...server,
      issuer: acceptedIssuerOf(server.issuer, await issuerNamedIn(response)),
    };
    const tokens = await oauth.processAuthorizationCodeResponse(signer, client, response, {
      expectedNonce: input.nonce,
      requireIdToken: true,
    });
    await oauth.validateApplicationLevelSignature(signer, response, {
      ...options,
      [oauth.jwksCache]: jwksCache,
    });
    claims = oauth.getValidatedIdTokenClaims(tokens);
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
    // Either form is the same Google account: it is known by the discovered issuer and `sub`.
    issuer: server.issuer,
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    ...(hostedDomain ? { hostedDomain } : {}),
    ...(givenName ? { givenName } : {}),
    ...(familyName ? { familyName } : {}),
    ...(name ? { name } : {}),
  };
};
