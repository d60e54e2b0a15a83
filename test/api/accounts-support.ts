import { expect } from 'vitest';
import { setRole } from './db';
import { call, inbox, registerUser, type RegisteredUser } from './http';

/**
 * Accounts of a known kind. The first 50 accounts of a sandbox are founders, so whether a plain
 * `registerUser()` is one depends on which test files ran before in the same sandbox: a test that
 * depends on it asks for the kind it needs.
 */
const registerAs = async (role: 'user' | 'founder'): Promise<RegisteredUser> => {
  const account = await registerUser();
  if (account.user.role !== role) await setRole(account.user._id, role);
  return { ...account, user: { ...account.user, role } };
};

/** An ordinary account: its companies start a 14-day trial. */
export const registerOrdinaryUser = () => registerAs('user');

/** A founder: its companies are intro for life, without a trial. */
export const registerFounder = () => registerAs('founder');

/** Verifies the account's phone as its owner does: the code texted to it, sent back. */
export const verifyPhone = async (account: RegisteredUser): Promise<void> => {
  await call('POST', '/auth/2fa/enable', {
    token: account.token,
    body: { phoneNumber: account.user.phoneNumber, isVerification: true },
  });
  const [text] = await inbox(account.user.phoneNumber);
  const code = /\b(\d{6})\b/.exec(text!.text)![1]!;
  const verified = await call('POST', '/auth/2fa/verify', {
    token: account.token,
    body: { code, isVerification: true },
  });
  expect(verified.status).toBe(200);
};
