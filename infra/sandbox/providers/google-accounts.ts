import { createHash } from 'node:crypto';

/**
 * The Google accounts the stand-in signs in as: whatever the tester picks or types. The same
 * email always has the same `sub` (a number of 21 digits, like Google's), so signing in again
 * finds the same identity; a test that needs another Google account claiming the same address
 * names its own `sub`.
 */

export interface GoogleAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** The Workspace domain, for a Workspace account only. */
  hd?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_FIELD = 100;

const subOf = (email: string): string => {
  const digest = createHash('sha256').update(`google:${email}`).digest();
  return (digest.readBigUInt64BE(0) % 10n ** 21n).toString().padStart(21, '1');
};

/** A name from the address's local part when none was typed (`ada.lovelace` → `Ada Lovelace`). */
const nameFrom = (email: string): string =>
  (email.split('@')[0] ?? '')
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ') || 'Sandbox User';

/** The account a request's fields describe, or why not. */
export const googleAccountOf = (fields: URLSearchParams): GoogleAccount | string => {
  const email = (fields.get('email') ?? '').trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > MAX_FIELD) return 'Type the account’s email address.';
  const verified = fields.get('email_verified');
  if (verified !== null && verified !== 'true' && verified !== 'false') {
    return 'email_verified must be "true" or "false".';
  }
  const hd = (fields.get('hd') ?? '').trim().toLowerCase();
  const sub = (fields.get('sub') ?? '').trim();
  if (sub && !/^\d{1,32}$/.test(sub)) return 'sub must be digits.';
  const name = (fields.get('name') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_FIELD);
  return {
    sub: sub || subOf(email),
    email,
    emailVerified: verified !== 'false',
    name: name || nameFrom(email),
    ...(hd ? { hd: hd.slice(0, MAX_FIELD) } : {}),
  };
};

/** The fields that describe an account, as the authorize page's forms send them. */
export const fieldsOfAccount = (account: GoogleAccount): Record<string, string> => ({
  email: account.email,
  name: account.name,
  email_verified: String(account.emailVerified),
  ...(account.hd ? { hd: account.hd } : {}),
  sub: account.sub,
});
