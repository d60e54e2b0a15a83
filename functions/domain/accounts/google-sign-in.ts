import { PHONE_PLACEHOLDER } from '#shared/domain/limits';
import { resolveAppUrl } from '../../core/app-url';
import { hasPassword, NO_PASSWORD } from '../../core/auth/passwords';
import { uniqueClaimEntity } from '../../core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '../../core/db/entities/user';
import { TransactionCancelled, writeTransaction } from '../../core/db/transaction';
import { logger } from '../../core/logger';
import { emailSender } from '../../integrations/email/provider';
import type { GoogleIdentity } from '../../integrations/identity/google-openid';
import { createAccount } from './accounts';

/**
 * Who a Google sign-in is. A Google identity is its issuer and `sub`, never its email (an address
 * can change hands; a `sub` never does):
 *
 * - a known identity signs in to the account it is linked to;
 * - an unknown one whose email has no account gets a new account (founder seats as for
 *   registration, names from the profile, the placeholder phone the dashboard asks to replace);
 * - an unknown one whose email has an account is linked to it only when Google is authoritative
 *   for the address (verified, and a gmail.com address or a Workspace account of the address's
 *   domain); otherwise someone who merely typed that address at Google would take the account.
 *   Our registration never proves an address, so a password set there may be an attacker's who
 *   registered the victim's address first ("pre-hijacking"): linking invalidates the password,
 *   ends every session and tells the owner by email.
 */

export const GOOGLE_LINK_REFUSED =
  'An account with this email already exists. Sign in with your password, then link Google from your profile.';

export type GoogleSignIn =
  | { outcome: 'signed-in'; user: UserRecord; how: 'known' | 'created' | 'linked' }
  | { outcome: 'refused'; message: string };

export const claimOf = (identity: GoogleIdentity) => `${identity.issuer} ${identity.subject}`;

/** Whether Google's word on the address is final: it verified it and it owns its domain. */
export const isGoogleAuthoritative = (identity: GoogleIdentity): boolean => {
  if (!identity.emailVerified) return false;
  const domain = identity.email.split('@')[1] ?? '';
  return (
    domain === 'gmail.com' ||
    (identity.hostedDomain !== undefined && identity.hostedDomain === domain)
  );
};

const userHolding = async (kind: 'email' | 'google', value: string) => {
  const { data: claim } = await uniqueClaimEntity().get({ kind, value }).go({ consistent: true });
  if (!claim) return null;
  const { data: user } = await userEntity().get({ userId: claim.userId }).go({ consistent: true });
  return user;
};

/** The profile's names, as registration takes them (a last name is required: "-" when Google has none). */
export const namesOf = (identity: GoogleIdentity) => {
  const [first, ...rest] = (identity.name ?? '').split(/\s+/).filter(Boolean);
  const cut = (value: string | undefined, fallback: string) =>
    (value?.trim() || fallback).slice(0, 100);
  return {
    firstName: cut(identity.givenName ?? first, identity.email.split('@')[0] ?? 'Google'),
    lastName: cut(identity.familyName ?? (rest.length ? rest.join(' ') : undefined), '-'),
  };
};

const PROTECTED_TEXT = (appUrl: string) =>
  [
    'Your Sailpost account is now signed in to with Google.',
    '',
    'Google confirmed that this address belongs to the Google account that just signed in, so that account now opens your Sailpost account. The password the account had was switched off and every signed-in device was signed out: our sign-up never checked who typed this address, so that password may not have been yours.',
    '',
    `Sign in with Google at ${appUrl}/login. To use a password again, choose "Forgot password" there.`,
    '',
    'If you did not just sign in with Google, secure your Google account.',
  ].join('\n');

const tellOwnerGoogleProtects = async (user: UserRecord): Promise<void> => {
  try {
    await (
      await emailSender()
    ).send({
      to: user.email,
      subject: 'Google sign-in now protects your Sailpost account',
      text: PROTECTED_TEXT(await resolveAppUrl()),
    });
  } catch (error) {
    // The link stands; the owner still sees it on their profile.
    logger.error('The Google takeover email could not be sent', error as Error);
  }
};

/**
 * Links the identity to the account: its claim, the address on the profile, and for an account
 * with a password, the password switched off and every session ended (a new token version).
 */
const link = async (user: UserRecord, identity: GoogleIdentity): Promise<UserRecord | null> => {
  const invalidate = hasPassword(user.passwordHash);
  const outcome = await writeTransaction(
    { claim: uniqueClaimEntity(), users: userEntity() },
    ({ claim, users }) => ({
      googleClaim: claim
        .create({ kind: 'google', value: claimOf(identity), userId: user.userId })
        .commit(),
      linkUser: invalidate
        ? users
            .patch({ userId: user.userId })
            .set({
              googleEmail: identity.email,
              googleIdentity: claimOf(identity),
              passwordHash: NO_PASSWORD,
            })
            .add({ tokenVersion: 1 })
            .where((attributes, { notExists }) => notExists(attributes.googleEmail))
            .commit()
        : users
            .patch({ userId: user.userId })
            .set({ googleEmail: identity.email, googleIdentity: claimOf(identity) })
            .where((attributes, { notExists }) => notExists(attributes.googleEmail))
            .commit(),
    }),
  );
  if (!outcome.committed) {
    if (outcome.failedConditions.size) return null;
    throw new TransactionCancelled('Google link transaction cancelled', outcome);
  }
  const linked: UserRecord = {
    ...user,
    googleEmail: identity.email,
    googleIdentity: claimOf(identity),
    ...(invalidate ? { passwordHash: NO_PASSWORD, tokenVersion: user.tokenVersion + 1 } : {}),
  };
  if (invalidate) await tellOwnerGoogleProtects(linked);
  logger.info('Google identity linked', { userId: user.userId, passwordInvalidated: invalidate });
  return linked;
};

export const signInWithGoogle = async (
  identity: GoogleIdentity,
  hooks: {
    /** Runs before a new account is made: the caller's sign-up limit (throws when spent). */
    beforeCreate: () => Promise<void>;
  },
): Promise<GoogleSignIn> => {
  const known = await userHolding('google', claimOf(identity));
  if (known) return { outcome: 'signed-in', user: known, how: 'known' };

  const holder = await userHolding('email', identity.email);
  if (!holder) {
    await hooks.beforeCreate();
    const user = await createAccount({
      email: identity.email,
      passwordHash: NO_PASSWORD,
      ...namesOf(identity),
      phoneNumber: PHONE_PLACEHOLDER,
      google: { claim: claimOf(identity), email: identity.email },
    });
    return { outcome: 'signed-in', user, how: 'created' };
  }
  if (!isGoogleAuthoritative(identity)) {
    return { outcome: 'refused', message: GOOGLE_LINK_REFUSED };
  }
  const linked = await link(holder, identity);
  // Linked meanwhile to another Google identity (or this one, by a sign-in a moment earlier).
  if (!linked) return { outcome: 'refused', message: GOOGLE_LINK_REFUSED };
  return { outcome: 'signed-in', user: linked, how: 'linked' };
};
