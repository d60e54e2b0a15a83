import { setRole } from './db';
import { registerUser, type RegisteredUser } from './http';

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
