import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GOOGLE_LINK_ATTEMPTS_PER_HOUR } from '#shared/domain/limits';
import { useSandboxTable } from './db';
import { call, registerUser, setCookiesNamed } from './http';
import {
  atGoogle,
  exchangeCode,
  googleCallback,
  landing,
  linkGoogle,
  signInWithGoogle,
  startGoogleLink,
} from './google-support';

const gmail = () => `g-${randomUUID().slice(0, 8)}@gmail.com`;
const masked = (email: string) => `${email[0]}…${email.slice(email.indexOf('@'))}`;

interface Me {
  googleEmail: string | null;
  googleOnly: boolean;
}
const me = async (token: string) => (await call<Me>('GET', '/auth/me', { token })).body;

/** A Google-only account, made by signing in with Google: its access token and user. */
const googleOnlyAccount = async (email: string) => {
  const { params } = await signInWithGoogle({ email });
  const exchanged = await exchangeCode(params.token!);
  expect(exchanged.status).toBe(200);
  return exchanged.body;
};

describe('POST /auth/google/link', () => {
  it('refuses a wrong password, and starts nothing', async () => {
    const { token } = await registerUser();
    const { answer, start } = await startGoogleLink(token, 'not-the-password');
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(start).toBeNull();
    expect(setCookiesNamed(answer, 'sailpost_google_')).toEqual([]);
  });

  it('stops checking passwords after ten tries in an hour, the right one included', async () => {
    const { token, password } = await registerUser();
    for (let attempt = 0; attempt < GOOGLE_LINK_ATTEMPTS_PER_HOUR; attempt += 1) {
      expect((await startGoogleLink(token, `wrong-password-${attempt}`)).answer.status).toBe(403);
    }
    const { answer, start } = await startGoogleLink(token, password);
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(start).toBeNull();
  });

  it('links Google to the signed-in account, which then signs in with Google', async () => {
    const owner = await registerUser();
    const email = gmail();
    const linked = await linkGoogle(owner.token, owner.password, { email });
    // Back to the profile, signed in as before: no new session, no sign-in code.
    expect(linked.path).toBe('/profile');
    expect(linked.params).toEqual({ google: 'linked' });
    expect(setCookiesNamed(linked.back, 'sailpost_refresh=')).toEqual([]);

    expect(await me(owner.token)).toMatchObject({ googleEmail: masked(email), googleOnly: false });
    const { users } = await useSandboxTable();
    const { data: stored } = await users.get({ userId: owner.user._id }).go();
    // Linking from the profile keeps the password: its owner proved it a moment ago.
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(stored?.googleEmail).toBe(email);

    const signedIn = await signInWithGoogle({ email });
    expect(signedIn.path).toBe('/auth/google/callback');
    const session = await exchangeCode(signedIn.params.token!);
    expect(session.status).toBe(200);
    expect(session.body.user._id).toBe(owner.user._id);
    // The password still signs in too.
    const login = await call('POST', '/auth/login', {
      body: { email: owner.user.email, password: owner.password },
    });
    expect(login.status).toBe(200);

    // A second link is refused while one is linked.
    const again = await startGoogleLink(owner.token, owner.password);
    expect(again.answer.status).toBe(409);
    expect(again.answer.body).toMatchObject({ code: 'GOOGLE_ALREADY_LINKED' });
  });

  it("refuses to link another account's Google identity", async () => {
    const email = gmail();
    const other = await googleOnlyAccount(email);
    const owner = await registerUser();
    const linked = await linkGoogle(owner.token, owner.password, { email });
    expect(linked.path).toBe('/profile');
    expect(linked.params).toEqual({
      google: 'failed',
      message:
        'That Google account already signs in to another Sailpost account, so it was not linked.',
    });
    expect((await me(owner.token)).googleEmail).toBeNull();
    // It still signs in to the account it belongs to.
    const signedIn = await signInWithGoogle({ email });
    expect((await exchangeCode(signedIn.params.token!)).body.user._id).toBe(other.user._id);
  });

  it('goes back to the profile with words when the owner cancels at Google', async () => {
    const owner = await registerUser();
    const { start } = await startGoogleLink(owner.token, owner.password);
    const back = await googleCallback(await atGoogle(start!, 'cancel'), start!.cookie);
    expect(landing(back)).toEqual({
      path: '/profile',
      params: { google: 'failed', message: 'Google was not linked: you cancelled at Google.' },
    });
    expect((await me(owner.token)).googleEmail).toBeNull();
  });

  it('does not link when the account signed out everywhere while its owner was at Google', async () => {
    const owner = await registerUser();
    const { start } = await startGoogleLink(owner.token, owner.password);
    expect((await call('POST', '/auth/logout-all', { token: owner.token })).status).toBe(200);
    const back = await googleCallback(
      await atGoogle(start!, 'allow', { email: gmail() }),
      start!.cookie,
    );
    expect(landing(back).params.google).toBe('failed');
    const { users } = await useSandboxTable();
    const { data: stored } = await users.get({ userId: owner.user._id }).go();
    expect(stored?.googleEmail).toBeUndefined();
  });
});

describe('DELETE /auth/google/link', () => {
  it('unlinks Google from an account with a password: the claim and the fields go together', async () => {
    const owner = await registerUser();
    const email = gmail();
    await linkGoogle(owner.token, owner.password, { email });

    const unlinked = await call<Me>('DELETE', '/auth/google/link', { token: owner.token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toMatchObject({ googleEmail: null, googleOnly: false });
    const { users } = await useSandboxTable();
    const { data: stored } = await users.get({ userId: owner.user._id }).go();
    expect(stored?.googleEmail).toBeUndefined();
    expect(stored?.googleIdentity).toBeUndefined();

    // The identity is free again: Google sign-in with it no longer opens this account (its
    // address is not this account's, so it makes a new one).
    const signedIn = await signInWithGoogle({ email });
    const session = await exchangeCode(signedIn.params.token!);
    expect(session.status).toBe(200);
    expect(session.body.user._id).not.toBe(owner.user._id);

    const twice = await call('DELETE', '/auth/google/link', { token: owner.token });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'GOOGLE_NOT_LINKED' });
  });

  it('refuses to unlink Google from a Google-only account, with words', async () => {
    const email = gmail();
    const account = await googleOnlyAccount(email);
    expect(await me(account.access_token)).toMatchObject({
      googleEmail: masked(email),
      googleOnly: true,
    });
    const refused = await call('DELETE', '/auth/google/link', { token: account.access_token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'GOOGLE_ONLY_ACCOUNT',
      message: expect.stringContaining('Set a password'),
    });
    // Still linked: Google still signs in to it.
    const signedIn = await signInWithGoogle({ email });
    expect((await exchangeCode(signedIn.params.token!)).body.user._id).toBe(account.user._id);
  });
});

describe('GET /auth/sessions', () => {
  it('lists each sign-in that still stands, with its method and time, the current one marked', async () => {
    const owner = await registerUser();
    const email = gmail();
    await linkGoogle(owner.token, owner.password, { email });
    const byGoogle = await exchangeCode((await signInWithGoogle({ email })).params.token!);

    const listed = await call<{
      sessions: { id: string; method: string | null; signedInAt: string; current: boolean }[];
    }>('GET', '/auth/sessions', { token: byGoogle.body.access_token });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toEqual([
      { id: expect.any(String), method: 'google', signedInAt: expect.any(String), current: true },
      {
        id: expect.any(String),
        method: 'password',
        signedInAt: expect.any(String),
        current: false,
      },
    ]);
    const [newest, oldest] = listed.body.sessions;
    expect(newest!.signedInAt >= oldest!.signedInAt).toBe(true);

    // Signed out everywhere: none stands, so the list (seen from a new sign-in) has only that one.
    await call('POST', '/auth/logout-all', { token: owner.token });
    const login = await call<{ access_token: string }>('POST', '/auth/login', {
      body: { email: owner.user.email, password: owner.password },
    });
    const after = await call<{ sessions: unknown[] }>('GET', '/auth/sessions', {
      token: login.body.access_token,
    });
    expect(after.body.sessions).toEqual([
      { id: expect.any(String), method: 'password', signedInAt: expect.any(String), current: true },
    ]);
  });
});
