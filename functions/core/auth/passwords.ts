import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { config } from '../config';
import { lazyAsync } from '../lazy';

/**
 * Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1). The parameters are
 * stored with each hash, so they can be raised later without breaking existing accounts.
 * Format: `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>`.
 */
const LOG2_N = 17;
/**
 * The local sandbox hashes at N=2^14 (8x cheaper): its test runs sign up hundreds of accounts, and
 * at full cost scrypt was half their CPU. Only `SANDBOX=true` (never set in AWS) chooses it, and
 * since the cost is stored with each hash, verifying works the same either way.
 */
const SANDBOX_LOG2_N = 14;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** scrypt needs 128 * N * r bytes; Node's default cap (32 MB) is below that at these settings. */
const optionsFor = (log2N: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** log2N,
  r,
  p,
  maxmem: 2 * 128 * 2 ** log2N * r,
});

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_LENGTH);
  const log2N = config().SANDBOX ? SANDBOX_LOG2_N : LOG2_N;
  const key = await scrypt(password, salt, KEY_LENGTH, optionsFor(log2N, R, P));
  return ['scrypt', log2N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
};

/**
 * The stored "hash" of an account without a password (Google sign-in only, or one whose password
 * was invalidated when Google took it over): no password verifies against it.
 */
export const NO_PASSWORD = 'none';

export const hasPassword = (stored: string): boolean => stored !== NO_PASSWORD;

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, log2N, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !log2N || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(
    password,
    Buffer.from(saltB64, 'base64'),
    expected.length,
    optionsFor(Number(log2N), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/**
 * A hash of a random password, verified against when the email is unknown so that an unknown
 * address takes as long to refuse as a wrong password.
 */
export const decoyPasswordHash = lazyAsync(() => hashPassword(randomBytes(16).toString('hex')));
