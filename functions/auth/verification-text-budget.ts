import { TEXT_CEILING_METRIC, type TextCeiling } from './text-ceiling-metric';
import {
  SMS_NUMBERS_PER_ACCOUNT_PER_DAY,
  SMS_PER_ACCOUNT_PER_DAY,
  SMS_PER_CLIENT_PER_HOUR,
  SMS_PER_DAY_TOTAL,
  SMS_PER_MINUTE_TOTAL,
  SMS_PER_NUMBER_PER_ACCOUNT_PER_DAY,
  SMS_PER_NUMBER_PER_DAY,
  SMS_RESEND_INTERVAL_SECONDS,
} from '#shared/domain/limits';
import { raiseAlarm } from '../integrations/alarms/raise-alarm';
import { config } from '../core/config';
import type { UserRecord } from '../core/db/entities/user';
import { RateLimited } from '../core/errors';
import {
  runningWindow,
  takeEach,
  takeOne,
  takeRefilling,
  type RateRule,
  type RefillingRule,
} from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';

/**
 * Verification texts cost money and can be pumped (an attacker makes us text premium numbers), so
 * each is counted before it is sent: one every 30 s per account, and caps per account, per number
 * an account texts, per client address, per number whatever the account, a product-wide rate a
 * minute and a product-wide ceiling a day. A refusal by a later cap leaves the earlier counts
 * spent: hitting one wall does not refill the others.
 *
 * The caps a stranger can fill for someone else are counted per requesting account (texts to a
 * number, wrong guesses), or set far above what one account can reach (a number's own ceiling),
 * so they never lock out the number's owner. The product-wide counters are one item each, not
 * sharded: only texts that passed every per-client, per-account and per-number cap reach them
 * (the per-minute rate first, so the day's counter sees at most 30 writes a minute), and the API
 * throttles the verification routes to 10 requests a second; a conditional update of one item
 * takes about a thousand writes a second, and sharding would make both ceilings inexact.
 *
 * Texts to owners with a verified phone (drafts, failed posts, connection warnings) are not
 * verification texts: they never touch this budget.
 */
const smsRule = (name: string, max: number, windowSeconds: number, message: string): RateRule => ({
  name,
  max,
  windowSeconds,
  code: 'SMS_LIMIT_REACHED',
  message: (seconds) => `${message} Please try again in ${waitText(seconds)}.`,
});

const DAY_SECONDS = 24 * 60 * 60;
const NUMBER_LIMIT_MESSAGE = 'Too many codes were sent to this number today.';

export const TEXT_LIMITS = {
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
  /** Texts to one number from one account; its first of the day counts as a new number. */
  accountNumber: smsRule(
    'sms-account-number',
    SMS_PER_NUMBER_PER_ACCOUNT_PER_DAY,
    DAY_SECONDS,
    NUMBER_LIMIT_MESSAGE,
  ),
  numbersPerAccount: smsRule(
    'sms-account-numbers',
    SMS_NUMBERS_PER_ACCOUNT_PER_DAY,
    DAY_SECONDS,
    'You have verified too many different numbers today.',
  ),
  /** A number's own ceiling, whichever accounts ask. */
  perNumber: smsRule('sms-number', SMS_PER_NUMBER_PER_DAY, DAY_SECONDS, NUMBER_LIMIT_MESSAGE),
  perMinute: {
    name: 'sms-verification-rate',
    perMinute: SMS_PER_MINUTE_TOTAL,
    burst: SMS_PER_MINUTE_TOTAL,
    code: 'SMS_LIMIT_REACHED',
    message: (seconds) =>
      `We are sending too many verification texts right now. Please try again in ${waitText(seconds)}.`,
  } satisfies RefillingRule,
  total: smsRule(
    'sms-total',
    SMS_PER_DAY_TOTAL,
    DAY_SECONDS,
    'We cannot send verification texts right now.',
  ),
} satisfies Record<string, RateRule | RefillingRule>;

/** The subject of the product-wide counters. */
const EVERYONE = 'all';

const CEILING_MESSAGES: Record<TextCeiling, string> = {
  day: "The product's daily ceiling of verification texts was reached",
  minute: "The product's per-minute rate of verification texts was reached",
  number:
    'A phone number reached its daily ceiling of verification texts, whichever accounts asked',
};

/**
 * A ceiling that refuses people who did nothing wrong (everyone, or a number's owner): each
 * refusal raises the alarm, then answers the 429.
 */
const withinCeiling = async (ceiling: TextCeiling, take: () => Promise<unknown>): Promise<void> => {
  try {
    await take();
  } catch (error) {
    if (error instanceof RateLimited) {
      await raiseAlarm({
        name: TEXT_CEILING_METRIC,
        dimensions: { Stage: config().STAGE, Ceiling: ceiling },
        message: CEILING_MESSAGES[ceiling],
      });
    }
    throw error;
  }
};

/** Counts one verification text to the user's number, or throws the first cap's 429. */
export const spendTextBudget = async (user: UserRecord, client: string): Promise<void> => {
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
  await withinCeiling('number', () => takeOne(TEXT_LIMITS.perNumber, user.phoneNumber));
  await withinCeiling('minute', () => takeRefilling(TEXT_LIMITS.perMinute, EVERYONE));
  await withinCeiling('day', () => takeOne(TEXT_LIMITS.total, EVERYONE));
};

/** When the account may ask for a new code (the 30-second wait between texts), or null: now. */
export const nextTextAllowedAt = async (userId: string): Promise<Date | null> => {
  const window = await runningWindow(TEXT_LIMITS.cooldown, userId);
  return window ? new Date(window.resetAt * 1000) : null;
};
