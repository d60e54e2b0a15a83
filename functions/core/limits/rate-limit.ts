import type { ErrorCode } from '#shared/contract/errors';
import { isConditionFailure } from '../db/conditions';
import { rateLimitEntity } from '../db/entities/rate-limit';
import { RateLimited } from '../errors';

/**
 * A fixed-window counter: at most `max` uses per subject in a window that starts with the first
 * use. Every use is one conditional update, made before the work it guards, so parallel requests
 * are counted exactly: the (max+1)th is refused however many arrive at once.
 */
export interface RateRule {
  /** Names the counter in the table (`login-client`); never reused for another meaning. */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
  /** The 429's code and message, given the seconds until the window ends. */
  readonly code: ErrorCode;
  readonly message: (retryAfterSeconds: number) => string;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const refusal = (rule: RateRule, retryAfterSeconds: number) =>
  new RateLimited(rule.code, rule.message(retryAfterSeconds), retryAfterSeconds);

/** Leftovers of a finished window are removed by the TTL a little after it ends. */
const TTL_MARGIN_SECONDS = 60;

/**
 * Uses the rule once for the subject and answers the count so far in this window, or throws the
 * rule's 429. `windowSeconds` overrides the rule's window for a window that starts now (a pause
 * that grows with each lockout).
 */
export const takeOne = async (
  rule: RateRule,
  subject: string,
  options: { windowSeconds?: number } = {},
): Promise<number> => {
  const windowSeconds = options.windowSeconds ?? rule.windowSeconds;
  const key = { rule: rule.name, subject };
  // A window that ended between two steps is started afresh: at most a few rounds.
  for (let round = 0; round < 3; round++) {
    const now = nowSeconds();
    try {
      // No window yet, or the last one is over: this use starts a new one.
      await rateLimitEntity()
        .update(key)
        .set({
          count: 1,
          resetAt: now + windowSeconds,
          expiresAt: now + windowSeconds + TTL_MARGIN_SECONDS,
        })
        .where((attr, op) => `${op.notExists(attr.resetAt)} OR ${op.lte(attr.resetAt, now)}`)
        .go({ response: 'none' });
      if (rule.max < 1) throw refusal(rule, windowSeconds);
      return 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      // A window is running: count this use if it is still under the limit.
      const { data } = await rateLimitEntity()
        .patch(key)
        .add({ count: 1 })
        .where((attr, op) => `${op.gt(attr.resetAt, now)} AND ${op.lt(attr.count, rule.max)}`)
        .go({ response: 'all_new' });
      return data.count;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { data: current } = await rateLimitEntity().get(key).go({ consistent: true });
    if (current && current.resetAt > now) throw refusal(rule, current.resetAt - now);
  }
  throw new Error(`Rate limit ${rule.name} stayed contended`);
};

/** Uses several rules in turn; the first refusal stops the rest (the earlier uses stay spent). */
export const takeEach = async (
  uses: ReadonlyArray<readonly [RateRule, string]>,
): Promise<number[]> => {
  const counts: number[] = [];
  for (const [rule, subject] of uses) counts.push(await takeOne(rule, subject));
  return counts;
};

/** Forgets the subject's count (a successful sign-in ends the run of failures). */
export const clearCount = async (rule: RateRule, subject: string): Promise<void> => {
  await rateLimitEntity().delete({ rule: rule.name, subject }).go();
};

/** How many uses the subject has in the running window (0 when none). */
export const currentCount = async (rule: RateRule, subject: string): Promise<number> => {
  const { data } = await rateLimitEntity()
    .get({ rule: rule.name, subject })
    .go({ consistent: true });
  return data && data.resetAt > nowSeconds() ? data.count : 0;
};
