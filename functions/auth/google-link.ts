import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { GOOGLE_LINK_ATTEMPTS_PER_HOUR } from '#shared/domain/limits';
import { verifyPassword } from '../core/auth/passwords';
import type { UserRecord } from '../core/db/entities/user';
import { Forbidden } from '../core/errors';
import { takeOne, type RateRule } from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';
import { assertMayLinkGoogle } from '../domain/accounts/google-link';
import { startGoogleLink } from './google-sign-in';

export const WRONG_PASSWORD = 'That password is not right.';

/**
 * Password checks before a link, per account: a stolen access token must not become a way to
 * guess the password (it would then also take the account's sign-in to the thief's Google).
 */
const linkAttemptsPerUser: RateRule = {
  name: 'google-link-user',
  max: GOOGLE_LINK_ATTEMPTS_PER_HOUR,
  windowSeconds: 60 * 60,
  code: 'RATE_LIMITED',
  message: (seconds) => `Too many tries. Please try again in ${waitText(seconds)}.`,
};

/**
 * Linking Google from the profile: the account's password is checked again (an unattended
 * signed-in browser must not be enough to add a way into the account), then Google's sign-in
 * begins with the account sealed into this browser's attempt.
 */
export const beginGoogleLink = async (
  event: APIGatewayProxyEventV2,
  user: UserRecord,
  password: string,
): Promise<{ url: string }> => {
  assertMayLinkGoogle(user);
  await takeOne(linkAttemptsPerUser, user.userId);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new Forbidden('WRONG_PASSWORD', WRONG_PASSWORD);
  }
  return startGoogleLink(event, user);
};
