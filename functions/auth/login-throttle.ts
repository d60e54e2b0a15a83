import {
  LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR,
  LOGIN_ATTEMPTS_PER_CLIENT,
  LOGIN_LOCKOUT_BASE_SECONDS,
  LOGIN_LOCKOUT_MAX_SECONDS,
} from '#shared/domain/limits';
import { clearCount, currentCount, takeOne, type RateRule } from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';

/**
 * Throttles password guessing. Every attempt is counted before the (deliberately slow) password
 * hash runs, with one conditional update per counter, so parallel attempts cannot outrun the count:
 * - per account and client address: 5 attempts, then a pause until the window ends. The window
 *   of a fresh run is 15 minutes and doubles with each lockout that day, so a patient guesser
 *   slows down while the owner, from another address, is never locked out by someone else;
 * - per account from all addresses together: 30 an hour, the wall for a guesser with many
 *   addresses (attempts already refused per address do not count toward it).
 */
const throttled = (seconds: number) =>
  `Too many failed login attempts. Please try again in ${waitText(seconds)}.`;

const attemptsFromClient: RateRule = {
  name: 'login-client',
  max: LOGIN_ATTEMPTS_PER_CLIENT,
  windowSeconds: LOGIN_LOCKOUT_BASE_SECONDS,
  code: 'LOGIN_THROTTLED',
  message: throttled,
};

/** Lockouts of one account from one address in the last day; each doubles the next pause. */
const lockouts: RateRule = {
  name: 'login-lockouts',
  max: Number.MAX_SAFE_INTEGER,
  windowSeconds: LOGIN_LOCKOUT_MAX_SECONDS,
  code: 'LOGIN_THROTTLED',
  message: throttled,
};

const attemptsOnAccount: RateRule = {
  name: 'login-account',
  max: LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR,
  windowSeconds: 60 * 60,
  code: 'LOGIN_THROTTLED',
  message: throttled,
};

/** The pause after `lockoutsToday` earlier lockouts: 15 minutes, doubling, at most a day. */
export const lockoutWindowSeconds = (lockoutsToday: number): number =>
  Math.min(
    LOGIN_LOCKOUT_BASE_SECONDS * 2 ** Math.min(lockoutsToday, 16),
    LOGIN_LOCKOUT_MAX_SECONDS,
  );

const clientSubject = (email: string, client: string) => `${email}|${client}`;

export interface LoginAttempt {
  readonly lockoutsToday: number;
}

/** Counts one sign-in attempt, or throws 429 LOGIN_THROTTLED saying when to try again. */
export const beginLoginAttempt = async (email: string, client: string): Promise<LoginAttempt> => {
  const subject = clientSubject(email, client);
  const lockoutsToday = await currentCount(lockouts, subject);
  const count = await takeOne(attemptsFromClient, subject, {
    windowSeconds: lockoutWindowSeconds(lockoutsToday),
  });
  // This attempt fills the window: whatever its outcome, the next window is twice as long.
  if (count === LOGIN_ATTEMPTS_PER_CLIENT) await takeOne(lockouts, subject);
  await takeOne(attemptsOnAccount, email);
  return { lockoutsToday };
};

/** The right password ends the run of failures from this address. */
export const loginSucceeded = async (
  email: string,
  client: string,
  attempt: LoginAttempt,
): Promise<void> => {
  const subject = clientSubject(email, client);
  await Promise.all([
    clearCount(attemptsFromClient, subject),
    attempt.lockoutsToday > 0 ? clearCount(lockouts, subject) : undefined,
  ]);
};

/** A password reset proves ownership: the account's ceiling and this address's pause end. */
export const clearLoginThrottle = async (email: string, client?: string): Promise<void> => {
  await Promise.all([
    clearCount(attemptsOnAccount, email),
    client ? clearCount(attemptsFromClient, clientSubject(email, client)) : undefined,
    client ? clearCount(lockouts, clientSubject(email, client)) : undefined,
  ]);
};
