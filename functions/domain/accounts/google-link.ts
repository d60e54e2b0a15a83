import { hasPassword } from '../../core/auth/passwords';
import { uniqueClaimEntity } from '../../core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '../../core/db/entities/user';
import { TransactionCancelled, writeTransaction } from '../../core/db/transaction';
import { Conflict } from '../../core/errors';
import { logger } from '../../core/logger';
import type { GoogleIdentity } from '../../integrations/identity/google-openid';
import { claimOf } from './google-sign-in';

/**
 * Google on the profile: linking a Google identity to the signed-in account (after its password
 * was checked again), and unlinking it. The identity's unique claim and the account's fields
 * change together, in one transaction, so a claim never points at an account that does not know
 * it, and an account never names an identity another account holds.
 */

export const GOOGLE_ONLY_ACCOUNT =
  'Your account signs in with Google only. Set a password ("Forgot password" on the sign-in page) before you unlink Google.';
export const GOOGLE_NOT_LINKED = 'No Google account is linked to your account.';
export const GOOGLE_ALREADY_LINKED =
  'A Google account is already linked to your account. Unlink it first to link another.';
export const GOOGLE_TAKEN =
  'That Google account already signs in to another Sailpost account, so it was not linked.';
export const GOOGLE_LINK_EXPIRED =
  'Your account changed while you were at Google (a password change or signing out everywhere). Link Google again.';

export type GoogleLink =
  { outcome: 'linked'; user: UserRecord } | { outcome: 'refused'; message: string };

/** Whether an account may start linking: it has no Google account linked yet. */
export const assertMayLinkGoogle = (user: UserRecord): void => {
  if (user.googleEmail) throw new Conflict('GOOGLE_ALREADY_LINKED', GOOGLE_ALREADY_LINKED);
};

/**
 * Links the identity to the account that began the link at its token version. Refused when the
 * identity is another account's (it signs in there; moving it would hand that account's sign-in
 * to this one), when this account linked one meanwhile, or when the account's sessions were
 * ended since the link began (the password check that began it no longer stands).
 */
export const linkGoogleToAccount = async (
  intent: { userId: string; tokenVersion: number },
  identity: GoogleIdentity,
): Promise<GoogleLink> => {
  const claim = claimOf(identity);
  const { data: user } = await userEntity().get({ userId: intent.userId }).go({ consistent: true });
  if (!user || user.tokenVersion !== intent.tokenVersion) {
    return { outcome: 'refused', message: GOOGLE_LINK_EXPIRED };
  }
  if (user.googleIdentity === claim) return { outcome: 'linked', user };
  if (user.googleEmail) return { outcome: 'refused', message: GOOGLE_ALREADY_LINKED };
  const outcome = await writeTransaction(
    { claims: uniqueClaimEntity(), users: userEntity() },
    ({ claims, users }) => ({
      googleClaim: claims.create({ kind: 'google', value: claim, userId: user.userId }).commit(),
      linkUser: users
        .patch({ userId: user.userId })
        .set({ googleEmail: identity.email, googleIdentity: claim })
        .where(
          (attributes, { notExists, eq }) =>
            `${notExists(attributes.googleEmail)} AND ${eq(attributes.tokenVersion, intent.tokenVersion)}`,
        )
        .commit(),
    }),
  );
  if (!outcome.committed) {
    if (outcome.failedConditions.has('googleClaim')) {
      logger.warn('Google link refused: the identity is another account’s', {
        userId: user.userId,
      });
      return { outcome: 'refused', message: GOOGLE_TAKEN };
    }
    if (outcome.failedConditions.has('linkUser')) {
      return { outcome: 'refused', message: GOOGLE_LINK_EXPIRED };
    }
    throw new TransactionCancelled('Google link transaction cancelled', outcome);
  }
  logger.info('Google identity linked from the profile', { userId: user.userId });
  return {
    outcome: 'linked',
    user: { ...user, googleEmail: identity.email, googleIdentity: claim },
  };
};

/**
 * Unlinks the account's Google identity: its claim goes and the account forgets it, together. An
 * account without a password would be left with no way to sign in, so it is refused.
 */
export const unlinkGoogle = async (user: UserRecord): Promise<UserRecord> => {
  const { googleIdentity } = user;
  if (!user.googleEmail || !googleIdentity) {
    throw new Conflict('GOOGLE_NOT_LINKED', GOOGLE_NOT_LINKED);
  }
  if (!hasPassword(user.passwordHash)) {
    throw new Conflict('GOOGLE_ONLY_ACCOUNT', GOOGLE_ONLY_ACCOUNT);
  }
  const outcome = await writeTransaction(
    { claims: uniqueClaimEntity(), users: userEntity() },
    ({ claims, users }) => ({
      googleClaim: claims
        .delete({ kind: 'google', value: googleIdentity })
        .where((attributes, { eq }) => eq(attributes.userId, user.userId))
        .commit(),
      unlinkUser: users
        .patch({ userId: user.userId })
        .remove(['googleEmail', 'googleIdentity'])
        // The password it keeps is the one seen: a takeover link meanwhile switched it off.
        .where(
          (attributes, { eq }) =>
            `${eq(attributes.googleIdentity, googleIdentity)} AND ${eq(attributes.passwordHash, user.passwordHash)}`,
        )
        .commit(),
    }),
  );
  if (!outcome.committed) {
    if (outcome.failedConditions.size) {
      // Changed meanwhile (unlinked in another tab, or the password switched off): read again.
      const { data: now } = await userEntity()
        .get({ userId: user.userId })
        .go({ consistent: true });
      if (now && !now.googleEmail) throw new Conflict('GOOGLE_NOT_LINKED', GOOGLE_NOT_LINKED);
      throw new Conflict('GOOGLE_ONLY_ACCOUNT', GOOGLE_ONLY_ACCOUNT);
    }
    throw new TransactionCancelled('Google unlink transaction cancelled', outcome);
  }
  logger.info('Google identity unlinked', { userId: user.userId });
  const { googleEmail: _email, googleIdentity: _identity, ...unlinked } = user;
  return unlinked;
};
