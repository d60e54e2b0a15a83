import { randomInt, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '#shared/contract/errors';
import { isRealPhone } from '#shared/contract/fields';
import {
  PHONE_CODE_GUESSES_PER_DAY,
  PHONE_CODE_TRIES,
  SMS_NUMBERS_PER_ACCOUNT_PER_DAY,
  SMS_PER_ACCOUNT_PER_DAY,
  SMS_PER_CLIENT_PER_HOUR,
  SMS_PER_DAY_TOTAL,
  SMS_PER_NUMBER_PER_DAY,
  SMS_RESEND_INTERVAL_SECONDS,
  VERIFICATION_CODE_LENGTH,
} from '#shared/domain/limits';
import { assertPhoneClaimable, claimVerifiedPhone, phoneTaken } from '../core/accounts/accounts';
import { keyedHash } from '../core/auth/tokens';
import { isConditionFailure } from '../core/db/conditions';
import { phoneVerificationEntity } from '../core/db/entities/phone-verification';
import type { UserRecord } from '../core/db/entities/user';
import { Invalid } from '../core/errors';
import { takeEach, takeOne, type RateRule } from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';
import { logger } from '../core/logger';
import { smsSender } from '../integrations/sms/provider';
import { SmsOptedOutError } from '../integrations/sms/sms-sender';

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
 * Texts cost money and can be pumped (an attacker makes us text premium numbers), so each is
 * counted before it is sent: one every 30 s per account, and caps per account, per number an
 * account texts, per number, per client address, and for the whole product per day. A refusal
 * by a later cap leaves the earlier counts spent: hitting one wall does not refill the others.
 */
const smsRule = (name: string, max: number, windowSeconds: number, message: string): RateRule => ({
  name,
  max,
  windowSeconds,
  code: 'SMS_LIMIT_REACHED',
  message: (seconds) => `${message} Please try again in ${waitText(seconds)}.`,
});

const TEXT_LIMITS = {
  cooldown: {
    name: 'sms-cooldown',
    max: 1,
    windowSeconds: SMS_RESEND_INTERVAL_SECONDS,
    code: 'PHONE_CODE_COOLDOWN',
    message: (seconds) => `Please wait ${waitText(seconds)} before requesting a new code.`,
  },
  perClient: smsRule(
    'sms-client',
    SMS_PER_CLIENT_PER_HOUR,
    60 * 60,
    'Too many verification texts were requested from your network.',
  ),
  perAccount: smsRule(
    'sms-account',
    SMS_PER_ACCOUNT_PER_DAY,
    DAY_SECONDS,
    'You have requested too many verification codes today.',
  ),
  /** Texts to one number from one account: only its first of the day counts as a new number. */
  accountNumber: smsRule('sms-account-number', Number.MAX_SAFE_INTEGER, DAY_SECONDS, ''),
  numbersPerAccount: smsRule(
    'sms-account-numbers',
    SMS_NUMBERS_PER_ACCOUNT_PER_DAY,
    DAY_SECONDS,
    'You have verified too many different numbers today.',
  ),
  perNumber: smsRule(
    'sms-number',
    SMS_PER_NUMBER_PER_DAY,
    DAY_SECONDS,
    'Too many codes were sent to this number today.',
  ),
  total: smsRule(
    'sms-total',
    SMS_PER_DAY_TOTAL,
    DAY_SECONDS,
    'We cannot send verification texts right now.',
  ),
} satisfies Record<string, RateRule>;

const spendTextBudget = async (user: UserRecord, client: string): Promise<void> => {
  await takeEach([
    [TEXT_LIMITS.cooldown, user.userId],
    [TEXT_LIMITS.perClient, client],
    [TEXT_LIMITS.perAccount, user.userId],
  ]);
  const textsToNumber = await takeOne(
    TEXT_LIMITS.accountNumber,
    `${user.userId}|${user.phoneNumber}`,
  );
  if (textsToNumber === 1) await takeOne(TEXT_LIMITS.numbersPerAccount, user.userId);
  await takeEach([
    [TEXT_LIMITS.perNumber, user.phoneNumber],
    [TEXT_LIMITS.total, 'all'],
  ]);
};

/**
 * Wrong guesses across codes: a resend gives a new code five tries, but not a new budget. Each
 * try is counted (before the comparison) per account and per number, for a day.
 */
const guessRule = (name: string): RateRule => ({
  name,
  max: PHONE_CODE_GUESSES_PER_DAY,
  windowSeconds: DAY_SECONDS,
  code: 'PHONE_CODE_BUDGET_SPENT',
  message: (seconds) => `Too many wrong codes today. Please try again in ${waitText(seconds)}.`,
});
const GUESSES = {
  perAccount: guessRule('code-guess-account'),
  perNumber: guessRule('code-guess-number'),
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
  const guesses = await takeEach([
    [GUESSES.perAccount, user.userId],
    [GUESSES.perNumber, pending.phoneNumber],
  ]);
  if (!sameHash(await hashCode(user.userId, pending.phoneNumber, code), pending.codeHash)) {
    const left = MAX_WRONG_CODES - attempts;
    if (left <= 0) throw codeError('PHONE_CODE_LOCKED', MESSAGES.tooManyTries);
    const leftToday = PHONE_CODE_GUESSES_PER_DAY - Math.max(...guesses);
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
