import type { ErrorCode } from '#shared/contract/errors';
import { isConditionFailure } from '../db/conditions';
import { RETRY_NOW, retryOnContention } from '../db/contention';
import { rateBucketEntity } from '../db/entities/rate-bucket';
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

const refusal = (rule: Pick<RateRule, 'code' | 'message'>, retryAfterSeconds: number) =>
  new RateLimited(rule.code, rule.message(retryAfterSeconds), retryAfterSeconds);

/** A window or bucket that moved on between a use's steps is taken afresh, a few rounds at most. */
const ROUNDS = (rule: { name: string }) => ({
  attempts: 3,
  exhausted: `Rate limit ${rule.name} stayed contended`,
});

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
  return retryOnContention(ROUNDS(rule), async () => {
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
    // The window ended between two steps: start it afresh.
    return RETRY_NOW;
  });
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

/** The subject's running window: its count and when it ends (epoch seconds); null when none runs. */
export const runningWindow = async (
  rule: RateRule,
  subject: string,
): Promise<{ count: number; resetAt: number } | null> => {
  const { data } = await rateLimitEntity()
    .get({ rule: rule.name, subject })
    .go({ consistent: true });
  return data && data.resetAt > nowSeconds() ? { count: data.count, resetAt: data.resetAt } : null;
};

/** How many uses the subject has in the running window (0 when none). */
export const currentCount = async (rule: RateRule, subject: string): Promise<number> =>
  (await runningWindow(rule, subject))?.count ?? 0;

/**
 * A refilling allowance (a token bucket): at most `burst` uses at once, given back one by one at
 * `perMinute` a minute, so a burst is slowed to the rate rather than shut out for a whole window.
 * It is kept as the instant it will be full again, `fullAt`: a use is allowed while `fullAt` is
 * at most `burst - 1` refills away, and moves it one refill later. Each use is one conditional
 * update, so parallel requests are counted exactly, as with the windows above.
 */
export interface RefillingRule {
  /** Names the bucket in the table (`sms-verification-rate`); never reused for another meaning. */
  readonly name: string;
  readonly perMinute: number;
  readonly burst: number;
  readonly code: ErrorCode;
  readonly message: (retryAfterSeconds: number) => string;
}

/** Leftover buckets are removed by the TTL this long after they are full again. */
const BUCKET_TTL_MARGIN_SECONDS = 60;

/**
 * Takes one use from the rule's bucket for the subject, or throws the rule's 429 with the wait
 * until the next use refills. `clock` is for tests (epoch milliseconds).
 */
export const takeRefilling = async (
  rule: RefillingRule,
  subject: string,
  clock: () => number = Date.now,
): Promise<void> => {
  const refillMs = 60_000 / rule.perMinute;
  if (rule.burst < 1) throw refusal(rule, Math.ceil(refillMs / 1000));
  const headroomMs = (rule.burst - 1) * refillMs;
  const key = { rule: rule.name, subject };
  return retryOnContention(ROUNDS(rule), async () => {
    const now = clock();
    // fullAt never lies further ahead than a whole burst of refills from now.
    const expiresAt = Math.ceil((now + rule.burst * refillMs) / 1000) + BUCKET_TTL_MARGIN_SECONDS;
    try {
      // No bucket yet, or a full one: this use leaves it one refill short of full.
      await rateBucketEntity()
        .update(key)
        .set({ fullAt: now + refillMs, expiresAt })
        .where((attr, op) => `${op.notExists(attr.fullAt)} OR ${op.lte(attr.fullAt, now)}`)
        .go({ response: 'none' });
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      // Partly refilled: take a use if one is left.
      await rateBucketEntity()
        .patch(key)
        .add({ fullAt: refillMs })
        .set({ expiresAt })
        .where(
          (attr, op) => `${op.gt(attr.fullAt, now)} AND ${op.lte(attr.fullAt, now + headroomMs)}`,
        )
        .go({ response: 'none' });
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { data: current } = await rateBucketEntity().get(key).go({ consistent: true });
    if (current && current.fullAt > now + headroomMs) {
      throw refusal(rule, Math.max(1, Math.ceil((current.fullAt - headroomMs - now) / 1000)));
    }
    // The bucket filled up between two steps: take it afresh.
    return RETRY_NOW;
  });
};
