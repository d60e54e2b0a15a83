import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPkcePair } from '#functions/integrations/social/pkce';
import { routeRequests } from '../router';
import { startGoogleStandIn, type GoogleStandIn } from './google-stand-in';
import { GOOGLE_STAND_IN_CLIENT, GOOGLE_STAND_IN_PATH } from './stand-in-clients';

const REDIRECT_URI = 'http://localhost:3000/api/auth/google/callback';

describe('the Google stand-in', () => {
  let standIn: GoogleStandIn;
  let server: Server;
  let issuer: string;

  beforeAll(async () => {
    standIn = await startGoogleStandIn();
    const route = routeRequests(standIn.routes);
    server = createServer((request, response) => void route(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}${GOOGLE_STAND_IN_PATH}`;
  });
  afterAll(async () => {
    await standIn.stop();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });

  const authorizeUrl = (extra: Record<string, string> = {}) => {
    const url = new URL(`${issuer}/o/oauth2/v2/auth`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: GOOGLE_STAND_IN_CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: 'the-state',
      nonce: 'the-nonce',
      ...extra,
    })) {
      url.searchParams.set(name, value);
    }
    return url.toString();
  };

  /** Consent driven as JSON: the redirect back, parsed. */
  const consent = async (extra: Record<string, string>) => {
    const response = await fetch(authorizeUrl(extra), { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  };

  const exchange = (fields: Record<string, string>, client = GOOGLE_STAND_IN_CLIENT) =>
    fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT_URI,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        ...fields,
      }),
    });

  /** A whole sign-in: the ID token's claims after the stand-in's own JWKS verified it. */
  const signIn = async (extra: Record<string, string>) => {
    const { codeVerifier, codeChallenge } = createPkcePair();
    const back = await consent({
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      decision: 'allow',
      ...extra,
    });
    const response = await exchange({
      code: back.searchParams.get('code')!,
      code_verifier: codeVerifier,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { id_token: string; access_token: string };
  };

  it('publishes a discovery document whose endpoints are under its issuer, and a JWKS', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
    const jwks = (await (await fetch(`${issuer}/oauth2/v3/certs`)).json()) as {
      keys: { kty: string; kid: string; alg: string; d?: string }[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.keys[0]!.d).toBeUndefined();
  });

  it('shows a page to pick or type an account, keeping the request, then offers it again', async () => {
    const first = await (await fetch(authorizeUrl())).text();
    expect(first).toContain('Choose an account to continue to Sailpost');
    expect(first).toContain('<input type="email" id="email" name="email" required');
    expect(first).toContain('<select id="email_verified" name="email_verified">');
    expect(first).toContain('name="hd"');
    expect(first).toContain('name="decision" value="allow"');
    expect(first).toContain('name="decision" value="cancel" formnovalidate');
    expect(first).toContain('<input type="hidden" name="nonce" value="the-nonce">');
    expect(first).not.toContain('Signed in before');

    await consent({ decision: 'allow', email: 'grace@example.org', hd: 'example.org' });
    const again = await (await fetch(authorizeUrl())).text();
    expect(again).toContain('Signed in before');
    expect(again).toContain('Grace · grace@example.org · example.org');
  });

  it('refuses, with a page and no redirect, a request Google would refuse', async () => {
    for (const [extra, words] of [
      [{ client_id: 'stranger.apps.googleusercontent.com' }, 'invalid_client'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'email profile' }, 'invalid_scope'],
      [{ code_challenge: 'abc', code_challenge_method: 'plain' }, 'code_challenge_method=S256'],
      [{ redirect_uri: 'javascript:alert(1)' }, 'redirect_uri_mismatch'],
    ] as const) {
      const response = await fetch(
        authorizeUrl({ ...extra, decision: 'allow', email: 'a@gmail.com' }),
        {
          redirect: 'manual',
        },
      );
      expect(response.status, words).toBe(400);
      expect(await response.text()).toContain(words);
    }
  });

  it('sends Cancel back with access_denied, the state and its issuer', async () => {
    const back = await consent({ decision: 'cancel' });
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      state: 'the-state',
      iss: issuer,
    });
  });

  it('signs an ID token with the nonce and the account, which its JWKS verifies', async () => {
    const { id_token } = await signIn({ email: 'Ada@Gmail.com', name: 'Ada Lovelace' });
    const { payload, protectedHeader } = await jwtVerify(
      id_token,
      createRemoteJWKSet(new URL(`${issuer}/oauth2/v3/certs`)),
      { issuer, audience: GOOGLE_STAND_IN_CLIENT.clientId },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      azp: GOOGLE_STAND_IN_CLIENT.clientId,
      email: 'ada@gmail.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      nonce: 'the-nonce',
    });
    expect(payload.sub).toMatch(/^\d{21}$/);
    expect(payload.hd).toBeUndefined();
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('keeps one sub per email, unless the tester names another', async () => {
    const subOf = async (extra: Record<string, string>) =>
      decodeJwt((await signIn(extra)).id_token).sub;
    const first = await subOf({ email: 'lin@gmail.com' });
    expect(await subOf({ email: 'lin@gmail.com', name: 'Someone Else' })).toBe(first);
    expect(await subOf({ email: 'other@gmail.com' })).not.toBe(first);
    expect(await subOf({ email: 'lin@gmail.com', sub: '42' })).toBe('42');
  });

  it('says what the tester typed: an unverified email and a Workspace domain', async () => {
    const claims = decodeJwt(
      (await signIn({ email: 'ops@harbor.coffee', email_verified: 'false', hd: 'harbor.coffee' }))
        .id_token,
    );
    expect(claims).toMatchObject({ email_verified: false, hd: 'harbor.coffee' });
  });

  it('makes the one flaw a test asks for', async () => {
    const jwks = createRemoteJWKSet(new URL(`${issuer}/oauth2/v3/certs`));
    const verify = (token: string) =>
      jwtVerify(token, jwks, { issuer, audience: GOOGLE_STAND_IN_CLIENT.clientId });
    const flawed = async (flaw: string) =>
      (await signIn({ email: 'ada@gmail.com', id_token_flaw: flaw })).id_token;

    expect(decodeJwt(await flawed('nonce')).nonce).not.toBe('the-nonce');
    await expect(verify(await flawed('audience'))).rejects.toThrow(/aud/);
    await expect(verify(await flawed('expired'))).rejects.toThrow(/exp/);
    await expect(verify(await flawed('issuer'))).rejects.toThrow(/iss/);
    await expect(verify(await flawed('signature'))).rejects.toThrow(/signature/);
  });

  it('signs with its issuer without the scheme when asked, as Google does with accounts.google.com', async () => {
    const bare = issuer.replace(/^http:\/\//, '');
    const { id_token } = await signIn({ email: 'ada@gmail.com', id_token_issuer: 'bare' });
    const jwks = createRemoteJWKSet(new URL(`${issuer}/oauth2/v3/certs`));
    const { payload } = await jwtVerify(id_token, jwks, {
      issuer: bare,
      audience: GOOGLE_STAND_IN_CLIENT.clientId,
    });
    expect(payload.iss).toBe(`127.0.0.1:${new URL(issuer).port}${GOOGLE_STAND_IN_PATH}`);
    const response = await fetch(
      authorizeUrl({ decision: 'allow', email: 'a@gmail.com', id_token_issuer: 'plain' }),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
  });

  it('exchanges a code once, only with its PKCE verifier, redirect URI and client', async () => {
    const { codeVerifier, codeChallenge } = createPkcePair();
    const codeFor = async () =>
      (
        await consent({
          decision: 'allow',
          email: 'ada@gmail.com',
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
        })
      ).searchParams.get('code')!;

    const wrongVerifier = await exchange({
      code: await codeFor(),
      code_verifier: createPkcePair().codeVerifier,
    });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    const noVerifier = await exchange({ code: await codeFor() });
    expect(noVerifier.status).toBe(400);

    const otherRedirect = await exchange({
      code: await codeFor(),
      code_verifier: codeVerifier,
      redirect_uri: 'http://localhost:3000/elsewhere',
    });
    expect(otherRedirect.status).toBe(400);

    const stranger = await exchange(
      { code: await codeFor(), code_verifier: codeVerifier },
      { clientId: GOOGLE_STAND_IN_CLIENT.clientId, clientSecret: 'guessed' },
    );
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toMatchObject({ error: 'invalid_client' });

    const code = await codeFor();
    const first = await exchange({ code, code_verifier: codeVerifier });
    expect(first.status).toBe(200);
    const replay = await exchange({ code, code_verifier: codeVerifier });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers userinfo for its access token only', async () => {
    const { access_token } = await signIn({ email: 'ada@gmail.com' });
    const userinfo = await fetch(`${issuer}/v1/userinfo`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({ email: 'ada@gmail.com', email_verified: true });
    const guessed = await fetch(`${issuer}/v1/userinfo`, {
      headers: { authorization: 'Bearer sbx-g-at-guessed' },
    });
    expect(guessed.status).toBe(401);
  });
});
