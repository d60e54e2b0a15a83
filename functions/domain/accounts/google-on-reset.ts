import { resolveAppUrl } from '../../core/app-url';
import type { UserRecord } from '../../core/db/entities/user';
import { logger } from '../../core/logger';
import { emailSender } from '../../integrations/email/provider';
import { maskedEmail } from './masked-email';

/**
 * What a completed password reset does to the account's Google link. Our registration never
 * proves an address, so whoever registered it first (possibly not its owner) could link their
 * own Google account from the profile; a reset is the first proof of who owns the address. A
 * Google link under another address may be that stranger's, so the reset removes it and tells
 * the owner; a link under the account's own address is the owner's (Google vouched for the
 * address to link it, or made the account) and stays.
 */

/** The Google identity a reset removes from this account, if any. */
export const googleIdentityDroppedByReset = (user: UserRecord): string | undefined =>
  user.googleIdentity && user.googleEmail?.toLowerCase() !== user.email.toLowerCase()
    ? user.googleIdentity
    : undefined;

const REMOVED_TEXT = (googleEmail: string, appUrl: string) =>
  [
    'The password of your Sailpost account was just reset, and the Google sign-in that was linked to it was removed.',
    '',
    `That Google account (${maskedEmail(googleEmail)}) uses another address than yours, and it was linked before anyone proved this address was theirs, so it may not have been yours. It no longer signs in to your account, and every signed-in device was signed out.`,
    '',
    `To sign in with Google again, sign in with your new password at ${appUrl}/login and choose "Link Google" on your profile.`,
  ].join('\n');

/** Tells the account's owner that the reset removed the Google sign-in linked under `googleEmail`. */
export const tellOwnerGoogleRemoved = async (
  user: UserRecord,
  googleEmail: string,
): Promise<void> => {
  try {
    await (
      await emailSender()
    ).send({
      to: user.email,
      subject: 'Google sign-in was removed from your Sailpost account',
      text: REMOVED_TEXT(googleEmail, await resolveAppUrl()),
    });
  } catch (error) {
    // The link is gone either way; the profile no longer shows it.
    logger.error('The Google removal email could not be sent', error as Error);
  }
};
