import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PHONE_PLACEHOLDER } from '#shared/domain/limits';
import { useSandboxTable } from './db';
import { apiUrl, call, inbox, newClientAddress, registerUser, setCookiesNamed } from './http';
import {
  atGoogle,
  exchangeCode,
  type GoogleChoice,
  googleCallback,
  landing,
  signInWithGoogle,
  startGoogle,
} from './google-support';

const gmail = () => `g-${randomUUID().slice(0, 8)}@gmail.com`;
const CALLBACK_SCREEN = '/auth/google/callback';

/** A landing that signed in: the code, and the refresh cookie set beside it. */
const expectSignedIn = (result: Awaited<ReturnType<typeof signInWithGoogle>>) => {
  expect(result.path).toBe(CALLBACK_SCREEN);
  expect(result.params).toEqual({ token: expect.stringMatching(/^[\w-]{43}$/) });
  expect(setCookiesNamed(result.back, 'sailpost_refresh=')).toHaveLength(1);
  return result.params.token!;
};

/** A landing that failed: the error, and no session. */
const expectRefused = (result: { back: Parameters<typeof landing>[0] }, error: string) => {
  const { path, params } = landing(result.back);
  expect(path).toBe(CALLBACK_SCREEN);
  expect(params.error).toBe(error);
  expect(params.token).toBeUndefined();
  expect(setCookiesNamed(result.back, 'sailpost_refresh=')).toEqual([]);
  return params;
};

describe('GET /auth/google', () => {
  it('redirects to Google with PKCE S256, a state and a nonce bound to this browser', async () => {
    const start = await startGoogle();
    const issuer = `${apiUrl()}/_sandbox/providers/google`;
    expect(`${start.url.origin}${start.url.pathname}`).toBe(`${issuer}/o/oauth2/v2/auth`);
    const query = Object.fromEntries(start.url.searchParams);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: 'sailpost-sandbox.apps.googleusercontent.com',
      redirect_uri: `${apiUrl()}/api/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(query.state).toMatch(/^[\w-]{43}$/);
    expect(query.nonce).toMatch(/^[\w-]{43}$/);
    const attributes = start.setCookie.split('; ').slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining([
        'Path=/api/auth/google/callback',
        'HttpOnly',
        'SameSite=Lax',
        'Max-Age=600',
      ]),
    );
    // The nonce and the verifier travel encrypted: the cookie shows neither.
    expect(start.cookie).not.toContain(query.nonce);
    expect(start.cookie.split('=')[1]!.split('.')).toHaveLength(5);
  });
});

describe('GET /auth/google/callback', () => {
  it('makes a new account for a new Google user and hands the web app a single-use code', async () => {
    const email = gmail();
    const first = await signInWithGoogle({ email, name: 'Grace Hopper' });
    const token = expectSignedIn(first);

    const exchanged = await exchangeCode(token);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.user).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: PHONE_PLACEHOLDER,
    });
    // Kept with the account: which Google account it is (to unlink it by), and its address.
    const { users } = await useSandboxTable();
    const { data: stored } = await users.get({ userId: exchanged.body.user._id }).go();
    expect(stored).toMatchObject({
      googleEmail: email,
      googleIdentity: expect.stringMatching(/\/_sandbox\/providers\/google \d{21}$/),
      passwordHash: 'none',
    });
    const me = await call('GET', '/auth/me', { token: exchanged.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body._id).toBe(exchanged.body.user._id);

    // Reused: the code worked once.
    const again = await exchangeCode(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_SIGN_IN_CODE' });

    // The same Google user later signs in to the same account.
    const later = await exchangeCode(expectSignedIn(await signInWithGoogle({ email })));
    expect(later.body.user._id).toBe(exchanged.body.user._id);
  });

  it('refuses a code nobody was given', async () => {
    const guessed = await exchangeCode('A'.repeat(43));
    expect(guessed.status).toBe(400);
    expect(guessed.body).toMatchObject({ code: 'INVALID_SIGN_IN_CODE' });
  });

  it('refuses a callback from another browser, a wrong state and a replayed one', async () => {
    const start = await startGoogle();
    const path = await atGoogle(start, 'allow', { email: gmail() });

    // No cookie: the link was opened in another browser.
    expectRefused({ back: await googleCallback(path) }, 'invalid_state');

    const wrongState = path.replace(/state=[^&]+/, `state=${'B'.repeat(43)}`);
    expectRefused({ back: await googleCallback(wrongState, start.cookie) }, 'invalid_state');

    // The real one works once; the same callback with the same cookie again is refused.
    const first = await googleCallback(path, start.cookie);
    expect(landing(first).params.token).toBeDefined();
    expectRefused({ back: await googleCallback(path, start.cookie) }, 'invalid_state');
  });

  it('clears the state cookie when it comes back', async () => {
    const start = await startGoogle();
    const back = await googleCallback(
      await atGoogle(start, 'allow', { email: gmail() }),
      start.cookie,
    );
    const cleared = setCookiesNamed(back, start.cookie.split('=')[0]!);
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toContain('Max-Age=0');
  });

  it('comes back from Cancel with access_denied', async () => {
    const start = await startGoogle();
    const back = await googleCallback(await atGoogle(start, 'cancel'), start.cookie);
    expectRefused({ back }, 'access_denied');
  });

  it.each(['nonce', 'audience', 'expired', 'signature', 'issuer'])(
    'refuses an ID token with a wrong %s',
    async (flaw) => {
      const start = await startGoogle();
      const path = await atGoogle(start, 'allow', { email: gmail(), id_token_flaw: flaw });
      expectRefused({ back: await googleCallback(path, start.cookie) }, 'google_refused');
    },
  );

  it('signs in with an ID token whose issuer is written without the scheme, as the same Google account', async () => {
    const email = gmail();
    const first = await exchangeCode(expectSignedIn(await signInWithGoogle({ email })));
    // Google signs some ID tokens with `accounts.google.com`; the stand-in with its issuer minus `http://`.
    const bare = await signInWithGoogle({ email, id_token_issuer: 'bare' });
    const again = await exchangeCode(expectSignedIn(bare));
    expect(again.status).toBe(200);
    expect(again.body.user._id).toBe(first.body.user._id);
  });

  it("refuses a redirect whose iss is not Google's", async () => {
    const start = await startGoogle();
    const path = await atGoogle(start, 'allow', { email: gmail() });
    const forged = path.replace(
      /iss=[^&]+/,
      `iss=${encodeURIComponent('https://accounts.example.com')}`,
    );
    expectRefused({ back: await googleCallback(forged, start.cookie) }, 'google_refused');
  });
});

describe('new accounts through Google', () => {
  it('count toward the sign-up limit of the client address, as registration does', async () => {
    const from = newClientAddress();
    for (let index = 0; index < 5; index += 1) await registerUser({}, from);
    const start = await startGoogle();
    const path = await atGoogle(start, 'allow', { email: gmail() });
    const back = await call<undefined>('GET', path, { headers: { cookie: start.cookie }, from });
    const params = expectRefused({ back }, 'throttled');
    expect(params.message).toMatch(/^Too many accounts were created from your network/);
  });
});

describe('Google sign-in for an address that has an account', () => {
  it('is refused when Google is not authoritative for the address, and the account is untouched', async () => {
    const owner = await registerUser();
    const email = owner.user.email; // @example.com: Google neither owns nor hosts it
    for (const choice of [
      { email } as GoogleChoice,
      { email, hd: 'example.com', email_verified: 'false' },
      { email, hd: 'other.example' },
    ]) {
      const params = expectRefused(await signInWithGoogle(choice), 'account_exists');
      expect(params.message).toBe(
        'An account with this email already exists. Sign in with your password, then link Google from your profile.',
      );
    }
    const login = await call('POST', '/auth/login', {
      body: { email, password: owner.password },
    });
    expect(login.status).toBe(200);
    expect((await call('GET', '/auth/me', { token: owner.token })).status).toBe(200);
  });

  it('links a Workspace account of the address’s domain, switching the password off, ending sessions and emailing the owner', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@harbor.coffee`;
    const owner = await registerUser({ email });
    const token = expectSignedIn(await signInWithGoogle({ email, hd: 'harbor.coffee' }));
    const session = await exchangeCode(token);
    expect(session.body.user._id).toBe(owner.user._id);

    // The password someone may have registered the address with no longer signs in…
    const login = await call('POST', '/auth/login', { body: { email, password: owner.password } });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // …the sessions it had are over…
    const old = await call('GET', '/auth/me', { token: owner.token });
    expect(old.status).toBe(401);
    // …while Google's session works, and the owner was told.
    expect((await call('GET', '/auth/me', { token: session.body.access_token })).status).toBe(200);
    const [message] = await inbox(email);
    expect(message?.subject).toBe('Google sign-in now protects your Sailpost account');
    expect(message?.text).toContain('Forgot password');
    const { users } = await useSandboxTable();
    const { data: stored } = await users.get({ userId: owner.user._id }).go();
    expect(stored).toMatchObject({
      googleEmail: email,
      googleIdentity: expect.stringMatching(/ \d{21}$/),
      passwordHash: 'none',
    });
  });

  it('links a verified gmail.com address, and a second Google account with that address is refused', async () => {
    const email = gmail();
    const owner = await registerUser({ email });
    const first = await exchangeCode(expectSignedIn(await signInWithGoogle({ email })));
    expect(first.body.user._id).toBe(owner.user._id);

    // Another Google identity claiming the same address does not take the linked account.
    expectRefused(
      await signInWithGoogle({ email, sub: '424242424242424242424' }),
      'account_exists',
    );
  });
});
