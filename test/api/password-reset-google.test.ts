import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSandboxTable } from './db';
import { call, inbox, registerUser, type SandboxMessage } from './http';
import { exchangeCode, linkGoogle, signInWithGoogle } from './google-support';

const gmail = () => `g-${randomUUID().slice(0, 8)}@gmail.com`;
const REMOVED_SUBJECT = 'Google sign-in was removed from your Sailpost account';

const withSubject = (messages: SandboxMessage[], subject: string) =>
  messages.filter((message) => message.subject === subject);

/** The owner of the address resets the password through the link emailed to it. */
const resetThroughInbox = async (email: string, newPassword: string) => {
  expect((await call('POST', '/auth/forgot-password', { body: { email } })).status).toBe(200);
  // The email is sent by a job after the answer: wait for it to arrive.
  await expect
    .poll(async () => withSubject(await inbox(email), 'Reset your Sailpost password').length, {
      timeout: 10_000,
    })
    .toBe(1);
  const [message] = withSubject(await inbox(email), 'Reset your Sailpost password');
  const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(message!.text);
  const reset = await call('POST', '/auth/reset-password', {
    body: { token: decodeURIComponent(link![1]!), newPassword },
  });
  expect(reset.status).toBe(200);
};

/** Where a Google sign-in as `email` ends: the account it opens. */
const googleSignInAs = async (email: string) => {
  const { params } = await signInWithGoogle({ email });
  expect(params.token).toBeDefined();
  const session = await exchangeCode(params.token!);
  expect(session.status).toBe(200);
  return session.body.user;
};

describe('a password reset and the Google link', () => {
  it('removes a Google link under another address, whose Google account then no longer reaches the account, and tells the owner', async () => {
    // Someone registers the victim's address first and links their own Google account.
    const victimEmail = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const attacker = await registerUser({ email: victimEmail });
    const attackerGoogle = gmail();
    const linked = await linkGoogle(attacker.token, attacker.password, { email: attackerGoogle });
    expect(linked.params).toEqual({ google: 'linked' });
    expect((await googleSignInAs(attackerGoogle))._id).toBe(attacker.user._id);

    // The owner of the address resets the password from the emailed link.
    await resetThroughInbox(victimEmail, 'the-owners-own-password');

    // The attacker's Google account is now a stranger to the account: per the linking rules, its
    // gmail.com address has no account, so it gets a new one of its own.
    const afterwards = await googleSignInAs(attackerGoogle);
    expect(afterwards._id).not.toBe(attacker.user._id);
    expect(afterwards.email).toBe(attackerGoogle);

    // Their earlier session is over, and the account knows no Google account.
    expect((await call('GET', '/auth/me', { token: attacker.token })).status).toBe(401);
    const login = await call<{ access_token: string }>('POST', '/auth/login', {
      body: { email: victimEmail, password: 'the-owners-own-password' },
    });
    expect(login.status).toBe(200);
    const me = await call('GET', '/auth/me', { token: login.body.access_token });
    expect(me.body).toMatchObject({ googleEmail: null });
    const { users } = await useSandboxTable();
    const { data: stored } = await users.get({ userId: attacker.user._id }).go();
    expect(stored?.googleEmail).toBeUndefined();
    expect(stored?.googleIdentity).toBeUndefined();

    const [notice, ...more] = withSubject(await inbox(victimEmail), REMOVED_SUBJECT);
    expect(more).toEqual([]);
    expect(notice?.text).toContain(`${attackerGoogle[0]}…@gmail.com`);
    expect(notice?.text).toContain('"Link Google"');
  });

  it('keeps a Google link under the account’s own address', async () => {
    const email = gmail();
    const owner = await registerUser({ email });
    const linked = await linkGoogle(owner.token, owner.password, { email });
    expect(linked.params).toEqual({ google: 'linked' });

    await resetThroughInbox(email, 'a-fresh-password-here');

    expect((await googleSignInAs(email))._id).toBe(owner.user._id);
    expect(withSubject(await inbox(email), REMOVED_SUBJECT)).toEqual([]);
    const login = await call<{ access_token: string }>('POST', '/auth/login', {
      body: { email, password: 'a-fresh-password-here' },
    });
    expect(login.status).toBe(200);
  });
});
