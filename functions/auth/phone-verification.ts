import { randomInt, timingSafeEqual } from 'node:crypto';
import { isRealPhone } from '#shared/contract/fields';
import { VERIFICATION_CODE_LENGTH } from '#shared/domain/limits';
import { keyedHash } from '../core/auth/tokens';
import { isConditionFailure } from '../core/db/conditions';
import { phoneVerificationEntity } from '../core/db/entities/phone-verification';
import type { UserRecord } from '../core/db/entities/user';
import { userEntity } from '../core/db/entities/user';
import { BadRequestError, TooManyRequestsError } from '../core/http/errors';
import { logger } from '../core/logger';
import { SmsOptedOutError, smsSender } from '../integrations/sms/sms-sender';

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_WRONG_CODES = 5;
export const RESEND_INTERVAL_SECONDS = 30;

export const MESSAGES = {
  noPhone: 'Add your phone number to your profile first',
  otherPhone: 'This is not the phone number on your profile. Update your profile first.',
  optedOut:
    'This number has opted out of our texts. Text START to us from your phone, then try again.',
  noCode: 'Please request a verification code first',
  expired: 'Your code has expired. Please request a new one.',
  tooManyTries: 'Too many wrong codes. Please request a new one.',
  wrongCode: 'Invalid verification code',
  phoneChanged: 'Your phone number changed. Please request a new code.',
} as const;

const hashCode = (userId: string, phoneNumber: string, code: string) =>
  keyedHash('phone-verification', `${userId}:${phoneNumber}:${code}`);

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Texts a fresh 6-digit code to the user's own number; at most one text every 30 seconds. */
export const sendVerificationCode = async (
  user: UserRecord,
  requestedPhone: string | undefined,
): Promise<void> => {
  if (!isRealPhone(user.phoneNumber))
    throw new BadRequestError(MESSAGES.noPhone, { phoneNumber: MESSAGES.noPhone });
  if (requestedPhone && requestedPhone !== user.phoneNumber) {
    throw new BadRequestError(MESSAGES.otherPhone, { phoneNumber: MESSAGES.otherPhone });
  }
  const { data: previous } = await phoneVerificationEntity()
    .get({ userId: user.userId })
    .go({ consistent: true });
  const waitSeconds = previous
    ? Math.ceil((previous.sentAt + RESEND_INTERVAL_SECONDS * 1000 - Date.now()) / 1000)
    : 0;
  if (waitSeconds > 0) {
    throw new TooManyRequestsError(
      `Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'} before requesting a new code.`,
      waitSeconds,
    );
  }
  const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
    VERIFICATION_CODE_LENGTH,
    '0',
  );
  const now = Date.now();
  await phoneVerificationEntity()
    .put({
      userId: user.userId,
      phoneNumber: user.phoneNumber,
      codeHash: await hashCode(user.userId, user.phoneNumber, code),
      attempts: 0,
      sentAt: now,
      expiresAt: Math.floor(now / 1000) + CODE_TTL_SECONDS,
    })
    .go();
  try {
    await smsSender().send({
      to: user.phoneNumber,
      text: `${code} is your Sailpost verification code. It expires in 10 minutes. Never share it.`,
    });
  } catch (error) {
    await phoneVerificationEntity().delete({ userId: user.userId }).go();
    if (error instanceof SmsOptedOutError)
      throw new BadRequestError(MESSAGES.optedOut, { phoneNumber: MESSAGES.optedOut });
    throw error;
  }
  logger.info('Verification code sent', { userId: user.userId });
};

/**
 * Checks a code. Expired codes and the sixth try are refused; a wrong code costs a try; the right
 * one marks the phone verified — only if the number is still the one the code was sent to.
 */
export const verifyCode = async (user: UserRecord, code: string): Promise<void> => {
  const { data: pending } = await phoneVerificationEntity()
    .get({ userId: user.userId })
    .go({ consistent: true });
  if (!pending) throw new BadRequestError(MESSAGES.noCode, { code: MESSAGES.noCode });
  if (pending.expiresAt <= Math.floor(Date.now() / 1000)) {
    throw new BadRequestError(MESSAGES.expired, { code: MESSAGES.expired });
  }
  if (pending.phoneNumber !== user.phoneNumber) {
    throw new BadRequestError(MESSAGES.phoneChanged, { code: MESSAGES.phoneChanged });
  }
  // Every try is counted atomically before the comparison, so parallel guesses cannot exceed five.
  let attempts: number;
  try {
    const { data } = await phoneVerificationEntity()
      .patch({ userId: user.userId })
      .add({ attempts: 1 })
      .where((attr, op) => op.lt(attr.attempts, MAX_WRONG_CODES))
      .go({ response: 'all_new' });
    attempts = data.attempts;
  } catch (error) {
    if (isConditionFailure(error))
      throw new BadRequestError(MESSAGES.tooManyTries, { code: MESSAGES.tooManyTries });
    throw error;
  }
  if (!sameHash(await hashCode(user.userId, pending.phoneNumber, code), pending.codeHash)) {
    const left = MAX_WRONG_CODES - attempts;
    const message =
      left > 0
        ? `${MESSAGES.wrongCode}. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : MESSAGES.tooManyTries;
    throw new BadRequestError(message, { code: message });
  }
  await userEntity()
    .patch({ userId: user.userId })
    .set({ phoneVerified: true })
    .where((attr, op) => op.eq(attr.phoneNumber, pending.phoneNumber))
    .go();
  await phoneVerificationEntity().delete({ userId: user.userId }).go();
};
