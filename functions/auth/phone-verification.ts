import { randomInt, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '#shared/contract/errors';
import { isRealPhone } from '#shared/contract/fields';
import { VERIFICATION_CODE_LENGTH } from '#shared/domain/limits';
import { keyedHash } from '../core/auth/tokens';
import { isConditionFailure } from '../core/db/conditions';
import { phoneVerificationEntity } from '../core/db/entities/phone-verification';
import { userEntity, type UserRecord } from '../core/db/entities/user';
import { Invalid, RateLimited } from '../core/errors';
import { logger } from '../core/logger';
import { smsSender } from '../integrations/sms/provider';
import { SmsOptedOutError } from '../integrations/sms/sms-sender';

export const CODE_TTL_SECONDS = 10 * 60;
const MAX_WRONG_CODES = 5;
const RESEND_INTERVAL_SECONDS = 30;

const MESSAGES = {
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

/** Refusals about the phone number, shown on its field. */
const phoneError = (code: ErrorCode, message: string) =>
  new Invalid(code, message, { phoneNumber: message });

/** Refusals about the code, shown on the code field. */
const codeError = (code: ErrorCode, message: string) =>
  new Invalid(code, message, { code: message });

const hashCode = (userId: string, phoneNumber: string, code: string) =>
  keyedHash('phone-verification', `${userId}:${phoneNumber}:${code}`);

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Texts a fresh 6-digit code to the user's own number; at most one text every 30 seconds. */
export const sendVerificationCode = async (
  user: UserRecord,
  requestedPhone: string | undefined,
): Promise<void> => {
  if (!isRealPhone(user.phoneNumber)) throw phoneError('PHONE_MISSING', MESSAGES.noPhone);
  if (requestedPhone && requestedPhone !== user.phoneNumber) {
    throw phoneError('PHONE_MISMATCH', MESSAGES.otherPhone);
  }
  const { data: previous } = await phoneVerificationEntity()
    .get({ userId: user.userId })
    .go({ consistent: true });
  const waitSeconds = previous
    ? Math.ceil((previous.sentAt + RESEND_INTERVAL_SECONDS * 1000 - Date.now()) / 1000)
    : 0;
  if (waitSeconds > 0) {
    throw new RateLimited(
      'PHONE_CODE_COOLDOWN',
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
    const sender = await smsSender();
    await sender.send({
      to: user.phoneNumber,
      text: `${code} is your Sailpost verification code. It expires in 10 minutes. Never share it.`,
    });
  } catch (error) {
    await phoneVerificationEntity().delete({ userId: user.userId }).go();
    if (error instanceof SmsOptedOutError) throw phoneError('PHONE_OPTED_OUT', MESSAGES.optedOut);
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
  if (!pending) throw codeError('PHONE_CODE_MISSING', MESSAGES.noCode);
  if (pending.expiresAt <= Math.floor(Date.now() / 1000)) {
    throw codeError('PHONE_CODE_EXPIRED', MESSAGES.expired);
  }
  if (pending.phoneNumber !== user.phoneNumber) {
    throw codeError('PHONE_CHANGED', MESSAGES.phoneChanged);
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
    if (isConditionFailure(error)) throw codeError('PHONE_CODE_LOCKED', MESSAGES.tooManyTries);
    throw error;
  }
  if (!sameHash(await hashCode(user.userId, pending.phoneNumber, code), pending.codeHash)) {
    const left = MAX_WRONG_CODES - attempts;
    if (left <= 0) throw codeError('PHONE_CODE_LOCKED', MESSAGES.tooManyTries);
    throw codeError(
      'PHONE_CODE_WRONG',
      `${MESSAGES.wrongCode}. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
    );
  }
  await userEntity()
    .patch({ userId: user.userId })
    .set({ phoneVerified: true })
    .where((attr, op) => op.eq(attr.phoneNumber, pending.phoneNumber))
    .go();
  await phoneVerificationEntity().delete({ userId: user.userId }).go();
};
