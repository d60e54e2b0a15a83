import type { ConnectableTable } from '#shared/domain/tiers';

/**
 * Every outside limit Sailpost's own traffic must stay under, one row each: what it counts and
 * the rate it is held to unless the stage says otherwise (infra/constructs/stage.ts passes the
 * stage's rates to every function as THROUGHPUT_LIMITS). A new provider limit is one more row.
 *
 * A rate lets `amount` through per `perSeconds`, refilling evenly, plus at most `burst` at once
 * after a quiet spell: any stretch of `perSeconds` lets at most `amount + burst` through, so a
 * provider's window limit is configured that much below it.
 */
export interface ThroughputRate {
  readonly amount: number;
  readonly perSeconds: number;
  readonly burst: number;
  /**
   * Items the bucket is spread over (default 1), each holding 1/N of the rate and the burst: one
   * item takes about a thousand conditional writes a second, and every take (granted or not) is
   * one. A bucket taken more than a few hundred times a second gets more.
   */
  readonly subBuckets?: number;
}

export const THROUGHPUT_BUCKETS = {
  /**
   * Texts a second: the SMS origination identity's throughput (a toll-free number sends 3 a
   * second, a 10DLC campaign or a short code more; the stage names its own).
   */
  'sms-texts': { amount: 20, perSeconds: 1, burst: 20 },
  /** Drafter requests a minute: OpenAI's limit for the account's usage tier and model. */
  'ai-requests': { amount: 5_000, perSeconds: 60, burst: 200 },
  /** Drafter tokens a minute (OpenAI's), prompt and answer together (each request's estimate). */
  'ai-tokens': { amount: 2_000_000, perSeconds: 60, burst: 100_000 },
  /** Posts through X's API for the whole app, per 15 minutes (below the app's limit). */
  'x-posts': { amount: 90, perSeconds: 15 * 60, burst: 10 },
  /** Posts through LinkedIn's API for the whole app, per day (below the app's daily limit). */
  'linkedin-posts': { amount: 90_000, perSeconds: 24 * 60 * 60, burst: 100 },
} as const satisfies Record<string, ThroughputRate>;

export type ThroughputBucket = keyof typeof THROUGHPUT_BUCKETS;

export const THROUGHPUT_BUCKET_NAMES = Object.keys(THROUGHPUT_BUCKETS) as ThroughputBucket[];

/** Per second, whatever the rate's window. */
export const perSecond = (rate: ThroughputRate): number => rate.amount / rate.perSeconds;

/**
 * The bucket each connectable platform's posts count against (the app's own publishing limit at
 * the provider). A platform made connectable does not compile until it names its bucket here.
 */
export const PUBLISH_BUCKETS: ConnectableTable<ThroughputBucket> = {
  twitter: 'x-posts',
  linkedin: 'linkedin-posts',
  facebook: null,
  instagram: null,
};
