import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { codeChallengeOf } from '#functions/integrations/social/pkce';
import { sendText } from '../responses';
import type { Route, Service } from '../service';
import { googleAccountOf, type GoogleAccount } from './google-accounts';
import { googleConsentPage, googleErrorPage } from './google-consent-page';
import { createIdTokenSigner, isIdTokenFlaw, type IdTokenFlaw } from './google-id-tokens';
import {
  GOOGLE_STAND_IN_CLIENT,
  GOOGLE_STAND_IN_PATH,
  type StandInClient,
} from './stand-in-clients';
import { answer, bearerOf, isClient, originOf, pathBelow, readFields } from './stand-in-http';

/**
 * Google as an OpenID Connect provider, for "Continue with Google", under one base path on the
 * sandbox's origin, which is its issuer (the app's client discovers everything from it, as it
 * does from https://accounts.google.com):
 *
 *   GET  /.well-known/openid-configuration   the discovery document
 *   GET  /oauth2/v3/certs                    the JWKS
 *   GET  /o/oauth2/v2/auth                   the authorize page: pick or type an account, Allow or Cancel
 *   POST /token                              code + PKCE verifier → access token and ID token
 *   GET  /v1/userinfo                        the account's claims, for the access token
 *
 * Scripts and tests drive it as JSON: the authorize URL with `&decision=allow&email=ada@gmail.com`
 * (and optionally `name`, `email_verified=false`, `hd`, `sub`) redirects straight back;
 * `&decision=cancel` comes back with `error=access_denied`. `&id_token_flaw=nonce|audience|expired|
 * issuer|signature` makes that sign-in's ID token wrong in that one way, for the app to refuse.
 * `&id_token_issuer=bare` signs its ID token with the issuer without its scheme, as Google signs
 * some with `accounts.google.com` instead of `https://accounts.google.com`: the app accepts both.
 */

/** How long a code can be exchanged (Google's last minutes). */
const CODE_LIFETIME_MS = 5 * 60 * 1000;
const ACCESS_TOKEN_SECONDS = 3599;
const SCOPES = ['openid', 'email', 'profile'];

interface PendingCode {
  redirectUri: string;
  codeChallenge?: string;
  nonce?: string;
  scope: string;
  account: GoogleAccount;
  flaw?: IdTokenFlaw;
  bareIssuer?: true;
  expiresAt: number;
}

interface AuthorizeRequest {
  redirectUri: string;
  state?: string;
  scope: string;
  nonce?: string;
  codeChallenge?: string;
  flaw?: IdTokenFlaw;
  bareIssuer?: true;
}

const HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

/** The request's parameters when Google would accept them, else why not (Google's words). */
const authorizeRequestOf = (
  query: URLSearchParams,
  client: StandInClient,
): AuthorizeRequest | string => {
  if (query.get('client_id') !== client.clientId) {
    return `Error 401: invalid_client. The OAuth client was not found: "${query.get('client_id') ?? ''}".`;
  }
  if (query.get('response_type') !== 'code') {
    return 'Error 400: unsupported_response_type. response_type must be "code".';
  }
  const redirectUri = query.get('redirect_uri') ?? '';
  if (!/^https?:\/\//.test(redirectUri)) {
    return 'Error 400: redirect_uri_mismatch. redirect_uri must be an http(s) URL.';
  }
  const scope = query.get('scope') ?? '';
  if (!scope.split(' ').includes('openid')) {
    return 'Error 400: invalid_scope. Sign-in needs the openid scope.';
  }
  const unknown = scope.split(' ').filter((name) => name && !SCOPES.includes(name));
  if (unknown.length) return `Error 400: invalid_scope. Unknown scopes: ${unknown.join(', ')}.`;
  const codeChallenge = query.get('code_challenge') ?? undefined;
  if (codeChallenge && query.get('code_challenge_method') !== 'S256') {
    return 'Error 400: invalid_request. The stand-in takes only code_challenge_method=S256.';
  }
  const flaw = query.get('id_token_flaw');
  if (flaw !== null && !isIdTokenFlaw(flaw)) {
    return 'id_token_flaw must be nonce, audience, expired, issuer or signature.';
  }
  const issuerForm = query.get('id_token_issuer');
  if (issuerForm !== null && issuerForm !== 'bare') return 'id_token_issuer must be bare.';
  const state = query.get('state') ?? undefined;
  const nonce = query.get('nonce') ?? undefined;
  return {
    redirectUri,
    scope,
    ...(state !== undefined ? { state } : {}),
    ...(nonce !== undefined ? { nonce } : {}),
    ...(codeChallenge ? { codeChallenge } : {}),
    ...(flaw !== null ? { flaw } : {}),
    ...(issuerForm === 'bare' ? { bareIssuer: true as const } : {}),
  };
};

const redirectBack = (
  response: ServerResponse,
  request: AuthorizeRequest,
  parameters: Record<string, string>,
) => {
  const url = new URL(request.redirectUri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  if (request.state !== undefined) url.searchParams.set('state', request.state);
  response.writeHead(302, { location: url.toString(), 'cache-control': 'no-store' });
  response.end();
};

export interface GoogleStandInOptions {
  client?: StandInClient;
}

export interface GoogleStandIn extends Service {
  routes: Route[];
}

export const startGoogleStandIn = async (
  options: GoogleStandInOptions = {},
): Promise<GoogleStandIn> => {
  const client = options.client ?? GOOGLE_STAND_IN_CLIENT;
  const signer = await createIdTokenSigner();
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, { account: GoogleAccount; expiresAt: number }>();
  /** The accounts signed in as, newest first, for the page to offer again. */
  const recent: GoogleAccount[] = [];

  const issuerOf = (request: IncomingMessage) => `${originOf(request)}${GOOGLE_STAND_IN_PATH}`;
  /** The issuer without its scheme, the stand-in's `accounts.google.com`. */
  const bareIssuerOf = (request: IncomingMessage) => issuerOf(request).replace(/^https?:\/\//, '');

  const remember = (account: GoogleAccount) => {
    const index = recent.findIndex((known) => known.sub === account.sub);
    if (index >= 0) recent.splice(index, 1);
    recent.unshift(account);
    recent.splice(5);
  };

  const discovery = (request: IncomingMessage, response: ServerResponse) => {
    const issuer = issuerOf(request);
    answer(response, 200, {
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/v1/userinfo`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: SCOPES,
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: [
        'aud',
        'email',
        'email_verified',
        'exp',
        'family_name',
        'given_name',
        'hd',
        'iat',
        'iss',
        'name',
        'picture',
        'sub',
      ],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code'],
      // The redirect carries `iss` (RFC 9207), which the app checks.
      authorization_response_iss_parameter_supported: true,
    });
  };

  const authorize = (request: IncomingMessage, response: ServerResponse) => {
    const query = new URL(request.url ?? '/', 'http://sandbox.local').searchParams;
    const authorizeRequest = authorizeRequestOf(query, client);
    if (typeof authorizeRequest === 'string') {
      return sendText(
        response,
        400,
        'text/html; charset=utf-8',
        googleErrorPage(authorizeRequest),
        HEADERS,
      );
    }
    const issuer = { iss: issuerOf(request) };
    const decision = query.get('decision');
    if (decision === 'cancel' || decision === 'deny') {
      return redirectBack(response, authorizeRequest, { error: 'access_denied', ...issuer });
    }
    if (decision === 'allow') {
      const account = googleAccountOf(query);
      if (typeof account !== 'string') {
        remember(account);
        const code = `sbx-g-code-${randomBytes(32).toString('base64url')}`;
        codes.set(code, {
          redirectUri: authorizeRequest.redirectUri,
          scope: authorizeRequest.scope,
          account,
          ...(authorizeRequest.codeChallenge
            ? { codeChallenge: authorizeRequest.codeChallenge }
            : {}),
          ...(authorizeRequest.nonce !== undefined ? { nonce: authorizeRequest.nonce } : {}),
          ...(authorizeRequest.flaw ? { flaw: authorizeRequest.flaw } : {}),
          ...(authorizeRequest.bareIssuer ? { bareIssuer: true as const } : {}),
          expiresAt: Date.now() + CODE_LIFETIME_MS,
        });
        return redirectBack(response, authorizeRequest, { code, ...issuer });
      }
      return sendText(
        response,
        200,
        'text/html; charset=utf-8',
        googleConsentPage({ query, recent, problem: account }),
        HEADERS,
      );
    }
    sendText(
      response,
      200,
      'text/html; charset=utf-8',
      googleConsentPage({ query, recent }),
      HEADERS,
    );
  };

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST') return answer(response, 405, { error: 'invalid_request' });
    const fields = await readFields(request);
    if (!isClient(request, fields, client)) {
      return answer(response, 401, {
        error: 'invalid_client',
        error_description: 'The OAuth client was not found.',
      });
    }
    if (fields.grant_type !== 'authorization_code') {
      return answer(response, 400, {
        error: 'unsupported_grant_type',
        error_description: `Invalid grant_type: ${fields.grant_type ?? ''}`,
      });
    }
    const pending = codes.get(fields.code ?? '');
    // Single use, whatever happens next.
    codes.delete(fields.code ?? '');
    const refuse = (description: string) =>
      answer(response, 400, { error: 'invalid_grant', error_description: description });
    if (!pending || pending.expiresAt < Date.now()) return refuse('Malformed auth code.');
    if (pending.redirectUri !== fields.redirect_uri) return refuse('Bad Request');
    if (pending.codeChallenge !== undefined) {
      if (
        !fields.code_verifier ||
        codeChallengeOf(fields.code_verifier) !== pending.codeChallenge
      ) {
        return refuse('Invalid code verifier.');
      }
    }
    const accessToken = `sbx-g-at-${randomBytes(32).toString('base64url')}`;
    accessTokens.set(accessToken, {
      account: pending.account,
      expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
    });
    const idToken = await signer.sign({
      issuer: pending.bareIssuer ? bareIssuerOf(request) : issuerOf(request),
      clientId: client.clientId,
      account: pending.account,
      picture: `${originOf(request)}/_sandbox/providers/avatars/${encodeURIComponent(pending.account.name)}.svg`,
      ...(pending.nonce !== undefined ? { nonce: pending.nonce } : {}),
      ...(pending.flaw ? { flaw: pending.flaw } : {}),
    });
    answer(response, 200, {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: pending.scope,
      token_type: 'Bearer',
      id_token: idToken,
    });
  };

  const userinfo = (request: IncomingMessage, response: ServerResponse) => {
    const held = accessTokens.get(bearerOf(request) ?? '');
    if (!held || held.expiresAt < Date.now()) {
      return answer(
        response,
        401,
        { error: 'invalid_request', error_description: 'Invalid Credentials' },
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      );
    }
    const { account } = held;
    answer(response, 200, {
      sub: account.sub,
      email: account.email,
      email_verified: account.emailVerified,
      name: account.name,
      ...(account.hd ? { hd: account.hd } : {}),
    });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = pathBelow(request, GOOGLE_STAND_IN_PATH);
    if (path === '/.well-known/openid-configuration') return discovery(request, response);
    if (path === '/oauth2/v3/certs') return answer(response, 200, signer.jwks());
    if (path === '/o/oauth2/v2/auth') return authorize(request, response);
    if (path === '/token') return token(request, response);
    if (path === '/v1/userinfo') return userinfo(request, response);
    sendText(
      response,
      404,
      'text/html; charset=utf-8',
      googleErrorPage(`Error 404: ${path} is not part of the stand-in.`),
      HEADERS,
    );
  };

  return {
    routes: [{ prefix: GOOGLE_STAND_IN_PATH, name: 'the Google stand-in', handle }],
    stop: () => {
      codes.clear();
      accessTokens.clear();
    },
  };
};
