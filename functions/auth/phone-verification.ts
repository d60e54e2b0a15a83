import { randomInt, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '#shared/contract/errors';
import { isRealPhone } from '#shared/contract/fields';
import {
  PHONE_CODE_GUESSES_PER_DAY,
  PHONE_CODE_TRIES,
  VERIFICATION_CODE_LENGTH,
} from '#shared/domain/limits';
import { assertPhoneClaimable, claimVerifiedPhone, phoneTaken } from '../domain/accounts/accounts';
import { keyedHash } from '../core/auth/tokens';
import { isConditionFailure } from '../core/db/conditions';
import { phoneVerificationEntity } from '../core/db/entities/phone-verification';
import type { UserRecord } from '../core/db/entities/user';
import { Invalid } from '../core/errors';
import { currentCount, takeOne, type RateRule } from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';
import { logger } from '../core/logger';
import { smsSender } from '../integrations/sms/provider';
import { SmsOptedOutError } from '../integrations/sms/sms-sender';
import { nextTextAllowedAt, spendTextBudget } from './verification-text-budget';

export const CODE_TTL_SECONDS = 10 * 60;
const MAX_WRONG_CODES = PHONE_CODE_TRIES;
/** A wrong code says how many tries are left only once this few remain: early on it would alarm. */
const FEW_TRIES_LEFT = 2;
const DAY_SECONDS = 24 * 60 * 60;

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

/**
 * Wrong guesses across codes: a resend gives a new code five tries, but not a new budget. Each
 * try is counted (before the comparison) per account, for a day — never per number, or a stranger
 * who registered with someone's number could spend its owner's tries.
 */
const GUESSES: RateRule = {
  name: 'code-guess-account',
  max: PHONE_CODE_GUESSES_PER_DAY,
  windowSeconds: DAY_SECONDS,
  code: 'PHONE_CODE_BUDGET_SPENT',
  message: (seconds) => `Too many wrong codes today. Please try again in ${waitText(seconds)}.`,
};

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

/**
 * Texts a fresh 6-digit code to the user's own number, unless another account has verified it or
 * a texting limit stops it.
 */
export const sendVerificationCode = async (
  user: UserRecord,
  requestedPhone: string | undefined,
  client: string,
): Promise<void> => {
  if (!isRealPhone(user.phoneNumber)) throw phoneError('PHONE_MISSING', MESSAGES.noPhone);
  if (requestedPhone && requestedPhone !== user.phoneNumber) {
    throw phoneError('PHONE_MISMATCH', MESSAGES.otherPhone);
  }
  await assertPhoneClaimable(user.userId, user.phoneNumber);
  await spendTextBudget(user, client);
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
      text: `${code} is your Sailpost verification code. It expires in ${CODE_TTL_SECONDS / 60} minutes. Never share it.`,
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
  const guessesToday = await takeOne(GUESSES, user.userId);
  if (!sameHash(await hashCode(user.userId, pending.phoneNumber, code), pending.codeHash)) {
    const left = MAX_WRONG_CODES - attempts;
    if (left <= 0) throw codeError('PHONE_CODE_LOCKED', MESSAGES.tooManyTries);
    const leftToday = PHONE_CODE_GUESSES_PER_DAY - guessesToday;
    if (leftToday <= 0) {
      throw codeError('PHONE_CODE_WRONG', `${MESSAGES.wrongCode}. No tries left today.`);
    }
    const shown = Math.min(left, leftToday);
    throw codeError(
      'PHONE_CODE_WRONG',
      shown > FEW_TRIES_LEFT
        ? `${MESSAGES.wrongCode}.`
        : `${MESSAGES.wrongCode}. ${shown} ${shown === 1 ? 'try' : 'tries'} left.`,
    );
  }
  // The number becomes this account's only now; another account may have verified it first.
  const claimed = await claimVerifiedPhone(user.userId, pending.phoneNumber);
  if (claimed === 'taken') throw phoneTaken();
  if (claimed === 'number-changed') throw codeError('PHONE_CHANGED', MESSAGES.phoneChanged);
  await phoneVerificationEntity().delete({ userId: user.userId }).go();
};

export interface VerificationStatus {
  isVerified: boolean;
  /** Until when the account's last code can still verify its number; null when none can. */
  codeExpiresAt: Date | null;
  /** When the account may ask for a new code; null when it may now. */
  resendAvailableAt: Date | null;
}

/**
 * Whether the phone is verified and, while it is not, whether a code sent earlier (from another
 * page or tab) can still verify it: unexpired, for the number on the profile, with tries left
 * today. A dialog offers the code field exactly then.
 */
export const verificationStatus = async (user: UserRecord): Promise<VerificationStatus> => {
  if (user.phoneVerified) {
    return { isVerified: true, codeExpiresAt: null, resendAvailableAt: null };
  }
  const [{ data: pending }, resendAvailableAt, guessesToday] = await Promise.all([
    phoneVerificationEntity().get({ userId: user.userId }).go({ consistent: true }),
    nextTextAllowedAt(user.userId),
    currentCount(GUESSES, user.userId),
  ]);
  const live =
    pending !== null &&
    pending.expiresAt > Math.floor(Date.now() / 1000) &&
    pending.phoneNumber === user.phoneNumber &&
    pending.attempts < MAX_WRONG_CODES &&
    guessesToday < PHONE_CODE_GUESSES_PER_DAY;
  return {
    isVerified: false,
    codeExpiresAt: live ? new Date(pending.expiresAt * 1000) : null,
    resendAvailableAt,
  };
};
