import { describe, expect, it } from 'vitest';
import {
  call,
  cookiePair,
  inbox,
  registerUser,
  setCookiesNamed,
  uniqueIdentity,
  type ApiResult,
} from './http';

/** Sessions: 15-minute access tokens, a rotating httpOnly refresh cookie, sign-out that ends them. */

type AuthAnswer = { access_token: string; user: { _id: string; email: string } };

const refreshCookieOf = (result: ApiResult<unknown>): string | undefined =>
  setCookiesNamed(result, 'sailpost_refresh=')[0];

/** The cookie that tells the web app (any tab) a refresh cookie is there to try. */
const signedInCookieOf = (result: ApiResult<unknown>): string | undefined =>
  setCookiesNamed(result, 'sailpost_signed_in=')[0];

/** Whether a Set-Cookie header gives the cookie a lifetime (else it ends with the browser). */
const outlivesTheBrowser = (cookie: string) => /; (Max-Age|Expires)=/i.test(cookie);

const logIn = async (options: { remember?: boolean } = {}) => {
  const { user, password } = await registerUser();
  const login = await call<AuthAnswer>('POST', '/auth/login', {
    body: { email: user.email, password, ...options },
  });
  expect(login.status).toBe(200);
  return {
    user,
    password,
    token: login.body.access_token,
    cookie: cookiePair(refreshCookieOf(login)),
    login,
  };
};

const refresh = (cookie: string) =>
  call<AuthAnswer>('POST', '/auth/refresh', { headers: { cookie } });

const me = (token: string) => call('GET', '/auth/me', { token });

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('sign-in starts a session', () => {
  it('answers a 15-minute access token naming its session, and an httpOnly Strict refresh cookie', async () => {
    const { token, login } = await logIn();
    const claims = claimsOf(token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    expect(claims.sid).toEqual(expect.any(String));
    const cookie = refreshCookieOf(login)!;
    expect(cookie).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Strict(;|$)/);
    // The sandbox speaks plain http; in AWS the cookie is also Secure.
    expect(cookie).not.toMatch(/Secure/);
    // Without "Remember me" the cookie ends with the browser session.
    expect(cookie).not.toMatch(/Max-Age/);
  });

  it('"Remember me" keeps the cookie for 30 days; registering remembers', async () => {
    const { login } = await logIn({ remember: true });
    expect(refreshCookieOf(login)).toMatch(/; Max-Age=259\d{4}(;|$)/);
    const registered = await call('POST', '/auth/register', {
      body: {
        ...uniqueIdentity(),
        password: 'correct-horse-battery',
        firstName: 'Ada',
        lastName: 'Byron',
      },
    });
    expect(registered.status).toBe(201);
    expect(refreshCookieOf(registered)).toMatch(/; Max-Age=\d+/);
  });
});

describe('a sign-in without "Remember me" lasts as long as the browser, in every tab', () => {
  it('its refresh cookie has no Max-Age or Expires, and keeps none when rotated', async () => {
    const { cookie, login } = await logIn();
    expect(outlivesTheBrowser(refreshCookieOf(login)!)).toBe(false);
    const renewed = await refresh(cookie);
    expect(renewed.status).toBe(200);
    expect(outlivesTheBrowser(refreshCookieOf(renewed)!)).toBe(false);
  });

  it('a script-readable cookie of the same lifetime, for the whole site, says a session is there to renew', async () => {
    const { cookie, login } = await logIn();
    const signedIn = signedInCookieOf(login)!;
    expect(signedIn).toMatch(/^sailpost_signed_in=1; /);
    expect(signedIn).toMatch(/; Path=\/(;|$)/);
    expect(signedIn).toMatch(/; SameSite=Strict(;|$)/);
    // Script reads it (a new tab decides whether to try a renewal); it holds no secret.
    expect(signedIn).not.toMatch(/HttpOnly/i);
    expect(outlivesTheBrowser(signedIn)).toBe(false);
    const renewed = await refresh(cookie);
    expect(outlivesTheBrowser(signedInCookieOf(renewed)!)).toBe(false);
  });

  it('with "Remember me" both cookies last the session’s 30 days', async () => {
    const { cookie, login } = await logIn({ remember: true });
    expect(signedInCookieOf(login)).toMatch(/; Max-Age=259\d{4}(;|$)/);
    expect(signedInCookieOf(await refresh(cookie))).toMatch(/; Max-Age=259\d{4}(;|$)/);
  });

  it('signing out clears both', async () => {
    const { token, cookie } = await logIn();
    const logout = await call('POST', '/auth/logout', { token, headers: { cookie } });
    expect(refreshCookieOf(logout)).toMatch(/Max-Age=0/);
    expect(signedInCookieOf(logout)).toMatch(/^sailpost_signed_in=; .*Max-Age=0/);
    const everywhere = await logIn();
    const all = await call('POST', '/auth/logout-all', { token: everywhere.token });
    expect(signedInCookieOf(all)).toMatch(/Max-Age=0/);
  });
});

describe('POST /auth/refresh', () => {
  it('trades the cookie for a new access token and a rotated cookie', async () => {
    const { user, cookie } = await logIn();
    const renewed = await refresh(cookie);
    expect(renewed.status).toBe(200);
    expect(renewed.body.user).toMatchObject({ _id: user._id, email: user.email });
    const rotated = cookiePair(refreshCookieOf(renewed));
    expect(rotated).not.toBe(cookie);
    expect((await me(renewed.body.access_token)).status).toBe(200);
    expect((await refresh(rotated)).status).toBe(200);
  });

  it('a rotated token presented again ends the whole session (both holders)', async () => {
    const { token, cookie: stolen } = await logIn();
    const second = cookiePair(refreshCookieOf(await refresh(stolen)));
    const third = cookiePair(refreshCookieOf(await refresh(second)));
    // `stolen` is two rotations old: only a copy kept by someone else can present it now.
    const reuse = await refresh(stolen);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await refresh(third)).status).toBe(401);
    expect((await me(token)).body).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('parallel refreshes with one cookie (two tabs) all succeed and rotate once', async () => {
    const { cookie } = await logIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(cookie)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const newCookies = answers.map(refreshCookieOf).filter(Boolean);
    expect(newCookies).toHaveLength(1);
    for (const answer of answers) expect((await me(answer.body.access_token)).status).toBe(200);
    expect((await refresh(cookiePair(newCookies[0]))).status).toBe(200);
  });

  it('refuses without a cookie and with a forged one', async () => {
    expect((await call('POST', '/auth/refresh')).body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const { cookie } = await logIn();
    const forged = `${cookie.slice(0, cookie.lastIndexOf('.') + 1)}${'A'.repeat(43)}`;
    expect((await refresh(forged)).status).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('ends the session at once: the same access token and its cookie answer 401', async () => {
    const { token, cookie } = await logIn();
    expect((await me(token)).status).toBe(200);
    const logout = await call('POST', '/auth/logout', { token, headers: { cookie } });
    expect(logout.status).toBe(200);
    expect(refreshCookieOf(logout)).toMatch(/^sailpost_refresh=; .*Max-Age=0/);
    expect((await me(token)).body).toMatchObject({
      statusCode: 401,
      code: 'SESSION_ENDED',
      message: 'Your session has ended. Please log in again.',
    });
    expect((await refresh(cookie)).status).toBe(401);
  });

  it('ends the session by its cookie alone (the access token already expired)', async () => {
    const { token, cookie } = await logIn();
    expect((await call('POST', '/auth/logout', { headers: { cookie } })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it("leaves the user's other sessions alone", async () => {
    const first = await logIn();
    const other = await call<AuthAnswer>('POST', '/auth/login', {
      body: { email: first.user.email, password: first.password },
    });
    await call('POST', '/auth/logout', { token: first.token });
    expect((await me(first.token)).status).toBe(401);
    expect((await me(other.body.access_token)).status).toBe(200);
  });
});

describe('POST /auth/logout-all (sign out everywhere)', () => {
  it('ends every session of the account, a second device included', async () => {
    const laptop = await logIn();
    const phone = await call<AuthAnswer>('POST', '/auth/login', {
      body: { email: laptop.user.email, password: laptop.password },
    });
    const phoneCookie = cookiePair(refreshCookieOf(phone));
    const stranger = await logIn();

    const everywhere = await call('POST', '/auth/logout-all', { token: laptop.token });
    expect(everywhere.status).toBe(200);

    expect((await me(laptop.token)).status).toBe(401);
    expect((await me(phone.body.access_token)).body).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await refresh(laptop.cookie)).status).toBe(401);
    expect((await refresh(phoneCookie)).status).toBe(401);
    // Someone else's session is untouched.
    expect((await me(stranger.token)).status).toBe(200);
    // Signing in again works.
    const again = await call('POST', '/auth/login', {
      body: { email: laptop.user.email, password: laptop.password },
    });
    expect(again.status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expect((await call('POST', '/auth/logout-all')).status).toBe(401);
  });
});

describe('a password reset', () => {
  it('ends the refresh sessions too, not only the access tokens', async () => {
    const { user, cookie } = await logIn();
    await call('POST', '/auth/forgot-password', { body: { email: user.email } });
    // The email may be sent just after the answer: wait for it a little.
    let [message] = await inbox(user.email);
    for (let tries = 0; !message && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [message] = await inbox(user.email);
    }
    const resetToken = decodeURIComponent(/reset-password\?token=(\S+)/.exec(message!.text)![1]!);
    const reset = await call('POST', '/auth/reset-password', {
      body: { token: resetToken, newPassword: 'a-brand-new-password' },
    });
    expect(reset.status).toBe(200);
    expect((await refresh(cookie)).body).toMatchObject({ code: 'SESSION_ENDED' });
  });
});
