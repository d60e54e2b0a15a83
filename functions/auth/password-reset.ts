import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { RESET_LINK_LIFETIME_TEXT } from '#shared/domain/duration-text';
import { PASSWORD_RESET_TTL_SECONDS } from '#shared/domain/limits';
import { resolveAppUrl } from '../core/app-url';
import { hashPassword } from '../core/auth/passwords';
import { passwordResetEntity } from '../core/db/entities/password-reset';
import { uniqueClaimEntity } from '../core/db/entities/unique-claim';
import { userEntity } from '../core/db/entities/user';
import { lostRace, TransactionCancelled, writeTransaction } from '../core/db/transaction';
import { Invalid } from '../core/errors';
import { logger } from '../core/logger';
import {
  googleIdentityDroppedByReset,
  tellOwnerGoogleRemoved,
} from '../domain/accounts/google-on-reset';
import { emailSender } from '../integrations/email/provider';
import { jobStarter } from '../integrations/jobs/provider';
import { clearLoginThrottle } from './login-throttle';

export const INVALID_RESET_TOKEN = 'Invalid reset token';
const invalidToken = () => new Invalid('INVALID_RESET_TOKEN', INVALID_RESET_TOKEN);
export const RESET_REQUESTED = 'If an account exists for the address, instructions are sent';
/** One reset email per address per minute, so the form cannot be used to flood an inbox. */
const RESEND_INTERVAL_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Answers "forgot password" without looking the address up: the password-reset-email job does
 * that after the answer, so the answer takes as long for an unknown address as for an account's.
 */
export const startPasswordResetEmail = async (email: string): Promise<void> => {
  await (await jobStarter()).start('password-reset-email', { email, requestId: randomUUID() });
};

/** Sends a single-use reset link when the address has an account (the job's work). */
export const requestPasswordReset = async (email: string): Promise<void> => {
  const { data: claim } = await uniqueClaimEntity()
    .get({ kind: 'email', value: email })
    .go({ consistent: true });
  if (!claim) return;
  const { data: recent } = await passwordResetEntity()
    .query.byUser({ userId: claim.userId })
    .go({ order: 'desc', limit: 1 });
  const latest = recent[0];
  if (latest && Date.now() - Date.parse(latest.createdAt) < RESEND_INTERVAL_MS) return;

  const token = randomBytes(32).toString('base64url');
  await passwordResetEntity()
    .create({
      tokenHash: sha256(token),
      userId: claim.userId,
      createdAt: new Date().toISOString(),
      expiresAt: nowSeconds() + PASSWORD_RESET_TTL_SECONDS,
    })
    .go();
  const link = `${await resolveAppUrl()}/reset-password?token=${encodeURIComponent(token)}`;
  const sender = await emailSender();
  await sender.send({
    to: email,
    subject: 'Reset your Sailpost password',
    text: [
      'Someone asked to reset the password of your Sailpost account.',
      '',
      `Choose a new password here (the link works once, for ${RESET_LINK_LIFETIME_TEXT}):`,
      link,
      '',
      "If it wasn't you, ignore this email: your password stays as it is.",
    ].join('\n'),
  });
  logger.info('Password reset link sent', { userId: claim.userId });
};

/** What follows a completed reset, whatever it did to the Google link. */
const afterReset = async (user: { userId: string; email: string }, client?: string) => {
  // Other outstanding links for this account die with the password they were meant to replace.
  const { data: others } = await passwordResetEntity().query.byUser({ userId: user.userId }).go();
  await Promise.all(
    others.map((other) => passwordResetEntity().delete({ tokenHash: other.tokenHash }).go()),
  );
  await clearLoginThrottle(user.email, client);
  logger.info('Password reset', { userId: user.userId });
};

/** How often a reset is tried again when the account's Google link changed while it ran. */
const RESET_ATTEMPTS = 3;

/**
 * Sets a new password with a reset token. The token is consumed (conditional delete) in the same
 * transaction that changes the password and raises the token version, which signs out every
 * earlier session, and removes a Google link under another address than the account's (see
 * google-on-reset.ts), whose owner is then emailed; a bad, expired or used token answers
 * 'Invalid reset token'.
 */
export const resetPassword = async (
  token: string,
  newPassword: string,
  client?: string,
): Promise<void> => {
  const tokenHash = sha256(token);
  const { data: reset } = await passwordResetEntity().get({ tokenHash }).go({ consistent: true });
  if (!reset || reset.expiresAt <= nowSeconds()) throw invalidToken();
  const passwordHash = await hashPassword(newPassword);

  for (let attempt = 1; ; attempt += 1) {
    const { data: user } = await userEntity()
      .get({ userId: reset.userId })
      .go({ consistent: true });
    if (!user) throw invalidToken();
    const dropped = googleIdentityDroppedByReset(user);
    const outcome = await writeTransaction(
      { passwordReset: passwordResetEntity(), user: userEntity(), claims: uniqueClaimEntity() },
      ({ passwordReset, user: users, claims }) => ({
        consumeToken: passwordReset
          .delete({ tokenHash })
          .where((attr, op) => op.exists(attr.userId))
          .commit(),
        changePassword: dropped
          ? users
              .patch({ userId: user.userId })
              .set({ passwordHash })
              .add({ tokenVersion: 1 })
              .remove(['googleEmail', 'googleIdentity'])
              .where((attr, op) => op.eq(attr.googleIdentity, dropped))
              .commit()
          : users
              .patch({ userId: user.userId })
              .set({ passwordHash })
              .add({ tokenVersion: 1 })
              // The link judged is the one there: a link made meanwhile is judged again.
              .where((attr, op) =>
                user.googleIdentity
                  ? op.eq(attr.googleIdentity, user.googleIdentity)
                  : op.notExists(attr.googleIdentity),
              )
              .commit(),
        dropGoogleClaim: dropped
          ? claims
              .delete({ kind: 'google', value: dropped })
              .where((attr, op) => op.eq(attr.userId, user.userId))
              .commit()
          : false,
      }),
    );
    if (outcome.committed) {
      await afterReset(user, client);
      if (dropped && user.googleEmail) {
        logger.warn('A password reset removed a Google link under another address', {
          userId: user.userId,
        });
        await tellOwnerGoogleRemoved(user, user.googleEmail);
      }
      return;
    }
    // A token used in the meantime (or a user deleted) fails its condition: the link is spent.
    if (outcome.failedConditions.has('consumeToken')) throw invalidToken();
    if (!lostRace(outcome, 'changePassword', 'dropGoogleClaim') || attempt === RESET_ATTEMPTS) {
      throw new TransactionCancelled('Password reset transaction cancelled', outcome);
    }
  }
};
