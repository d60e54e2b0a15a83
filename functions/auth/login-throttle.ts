import {
  LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR,
  LOGIN_ATTEMPTS_PER_CLIENT,
  LOGIN_ATTEMPTS_PER_DEVICE,
  LOGIN_LOCKOUT_BASE_SECONDS,
  LOGIN_LOCKOUT_MAX_SECONDS,
} from '#shared/domain/limits';
import { clearCount, currentCount, takeOne, type RateRule } from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';

/**
 * Throttles password guessing. Every attempt is counted before the (deliberately slow) password
 * hash runs, with one conditional update per counter, so parallel attempts cannot outrun the count.
 * An attempt is counted for one of two runs, each 5 attempts and then a pause until its window
 * ends (15 minutes, doubling with each lockout of that run that day):
 * - a browser that signed in to the account before (a valid device cookie): for that browser
 *   alone. It never counts toward the account's ceiling, so the owner's own browsers cannot be
 *   locked out by anyone else's guesses;
 * - any other attempt: for the account and client address, and then toward the account's ceiling
 *   of 30 an hour from all addresses together, the wall for a guesser with many addresses
 *   (attempts already refused per address do not count toward it).
 */
const throttled = (seconds: number) =>
  `Too many failed login attempts. Please try again in ${waitText(seconds)}.`;

const rule = (name: string, max: number, windowSeconds: number): RateRule => ({
  name,
  max,
  windowSeconds,
  code: 'LOGIN_THROTTLED',
  message: throttled,
});

/** Attempts in a run, and the run's lockouts in the last day (each doubles the next pause). */
interface RunRules {
  readonly attempts: RateRule;
  readonly lockouts: RateRule;
}

const fromClient: RunRules = {
  attempts: rule('login-client', LOGIN_ATTEMPTS_PER_CLIENT, LOGIN_LOCKOUT_BASE_SECONDS),
  lockouts: rule('login-lockouts', Number.MAX_SAFE_INTEGER, LOGIN_LOCKOUT_MAX_SECONDS),
};

const fromDevice: RunRules = {
  attempts: rule('login-device', LOGIN_ATTEMPTS_PER_DEVICE, LOGIN_LOCKOUT_BASE_SECONDS),
  lockouts: rule('login-device-lockouts', Number.MAX_SAFE_INTEGER, LOGIN_LOCKOUT_MAX_SECONDS),
};

const attemptsOnAccount = rule('login-account', LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR, 60 * 60);

/** The pause after `lockoutsToday` earlier lockouts: 15 minutes, doubling, at most a day. */
export const lockoutWindowSeconds = (lockoutsToday: number): number =>
  Math.min(
    LOGIN_LOCKOUT_BASE_SECONDS * 2 ** Math.min(lockoutsToday, 16),
    LOGIN_LOCKOUT_MAX_SECONDS,
  );

const clientSubject = (email: string, client: string) => `${email}|${client}`;

/** A browser whose valid device cookie names the account the attempt is for. */
export interface KnownDevice {
  readonly userId: string;
  /** The cookie's nonce: this browser's own count. */
  readonly nonce: string;
  /**
   * The account's token version, which a password reset (and signing out everywhere) raises: it
   * is part of the count's name, so a reset starts every browser's count afresh without having
   * to find them.
   */
  readonly generation: number;
}

const deviceSubject = ({ userId, generation, nonce }: KnownDevice) =>
  `${userId}|${generation}|${nonce}`;

export interface LoginAttempt {
  readonly rules: RunRules;
  readonly subject: string;
  readonly lockoutsToday: number;
}

/** Counts one sign-in attempt, or throws 429 LOGIN_THROTTLED saying when to try again. */
export const beginLoginAttempt = async (source: {
  email: string;
  client: string;
  device: KnownDevice | null;
}): Promise<LoginAttempt> => {
  const { email, client, device } = source;
  const rules = device ? fromDevice : fromClient;
  const subject = device ? deviceSubject(device) : clientSubject(email, client);
  const lockoutsToday = await currentCount(rules.lockouts, subject);
  const count = await takeOne(rules.attempts, subject, {
    windowSeconds: lockoutWindowSeconds(lockoutsToday),
  });
  // This attempt fills the window: whatever its outcome, the next window is twice as long.
  if (count === rules.attempts.max) await takeOne(rules.lockouts, subject);
  if (!device) await takeOne(attemptsOnAccount, email);
  return { rules, subject, lockoutsToday };
};

/** The right password ends the run of failures it was counted in. */
export const loginSucceeded = async (attempt: LoginAttempt): Promise<void> => {
  const { rules, subject, lockoutsToday } = attempt;
  await Promise.all([
    clearCount(rules.attempts, subject),
    lockoutsToday > 0 ? clearCount(rules.lockouts, subject) : undefined,
  ]);
};

/**
 * A password reset proves ownership: the account's ceiling and this address's pause end (and
 * every browser's pause, with the token version the reset raises).
 */
export const clearLoginThrottle = async (email: string, client?: string): Promise<void> => {
  await Promise.all([
    clearCount(attemptsOnAccount, email),
    client ? clearCount(fromClient.attempts, clientSubject(email, client)) : undefined,
    client ? clearCount(fromClient.lockouts, clientSubject(email, client)) : undefined,
  ]);
};
