import { AsyncLocalStorage } from 'node:async_hooks';
import * as z from 'zod';
import { backoffMs, sleep } from '../backoff';
import { isConditionFailure } from '../db/conditions';
import { RETRY_NOW, retryOnContention } from '../db/contention';
import { rateBucketEntity } from '../db/entities/rate-bucket';
import { currentEnvironment } from '../environment';
import {
  THROUGHPUT_BUCKETS,
  perSecond,
  type ThroughputBucket,
  type ThroughputRate,
} from './throughput-buckets';

/**
 * Token buckets for the outside limits (throughput-buckets.ts), shared by every instance of every
 * function through the table: one rateBucket item per sub-bucket, kept as the instant it is full
 * again (`fullAt`, as rate-limit.ts keeps its refilling rules), changed only by conditional
 * updates, so instances that take at once are counted exactly.
 *
 * A bucket is one item written by every caller of the limit: acceptable at these rates, since one
 * item takes about a thousand conditional writes a second and the busiest bucket is taken a few
 * tens of times a second (texts, OpenAI requests — its tokens are taken once per request —,
 * posts); each take is one write whether granted or not, and a refused caller waits for the
 * refill before it tries again, so refusals do not multiply. A rate that needs more is spread over
 * `subBuckets` items, each holding 1/N of the rate and of the burst, a caller taking from one
 * picked at random: their sum never exceeds the rate.
 *
 * Work over the limit waits, it is never dropped: `takeThroughput` sleeps until the bucket has
 * room when that is soon (`maxWaitMs`), with jitter so callers refused together do not come back
 * together; when it is not, it throws `ThroughputWait`, which queued work turns into a delayed
 * work item and the publisher into its retry schedule.
 */

export class ThroughputWait extends Error {
  constructor(
    readonly bucket: ThroughputBucket,
    /** How long until the bucket could give what was asked (milliseconds). */
    readonly waitMs: number,
  ) {
    super(`The ${bucket} limit is reached for ${Math.ceil(waitMs / 1000)} s`);
    this.name = 'ThroughputWait';
  }
}

const rateSchema = z.object({
  amount: z.number().positive(),
  perSeconds: z.number().positive(),
  burst: z.number().positive(),
  subBuckets: z.number().int().positive().optional(),
});
const limitsSchema = z.record(z.string(), rateSchema);

let parsedFrom: string | undefined;
let parsed: Record<string, ThroughputRate> = {};

/** The stage's rate of the bucket (THROUGHPUT_LIMITS), else the table's. */
export const throughputRate = (bucket: ThroughputBucket): ThroughputRate => {
  const setting = currentEnvironment().THROUGHPUT_LIMITS;
  if (setting !== parsedFrom) {
    parsed = setting ? limitsSchema.parse(JSON.parse(setting)) : {};
    parsedFrom = setting;
  }
  return parsed[bucket] ?? THROUGHPUT_BUCKETS[bucket];
};

/** How many items a bucket at this rate is spread over. */
export const subBucketsOf = (rate: ThroughputRate): number => rate.subBuckets ?? 1;

/** Leftover sub-buckets are removed by the TTL this long after they are full again. */
const TTL_MARGIN_SECONDS = 60;

const ROUNDS = (bucket: string) => ({
  attempts: 3,
  exhausted: `Throughput bucket ${bucket} stayed contended`,
});

/** One sub-bucket, and what `amount` of it costs: in milliseconds of its refill. */
interface SubBucketTake {
  readonly bucket: ThroughputBucket;
  readonly rate: ThroughputRate;
  readonly amount: number;
  readonly subBucket: number;
  readonly subBuckets: number;
  readonly clock: () => number;
}

const geometryOf = ({ bucket, rate, amount, subBucket, subBuckets }: SubBucketTake) => {
  const msPerUnit = (1000 * rate.perSeconds * subBuckets) / rate.amount;
  const capacity = rate.burst / subBuckets;
  return {
    msPerUnit,
    capacity,
    costMs: amount * msPerUnit,
    /** How far ahead `fullAt` may be for `amount` still to fit. */
    headroomMs: Math.max(0, capacity - amount) * msPerUnit,
    key: { rule: `throughput:${bucket}`, subject: String(subBucket) },
  };
};

/**
 * Takes `amount` from one sub-bucket: 0 when taken, else the milliseconds until that sub-bucket
 * would have room for it.
 */
const tryTake = async (take: SubBucketTake): Promise<number> => {
  const { bucket, rate, amount, clock } = take;
  const { msPerUnit, capacity, costMs, headroomMs, key } = geometryOf(take);
  if (amount > capacity) {
    throw new Error(`${amount} never fits the ${bucket} bucket (burst ${rate.burst})`);
  }
  return retryOnContention(ROUNDS(bucket), async () => {
    const now = clock();
    const expiresAt = Math.ceil((now + capacity * msPerUnit) / 1000) + TTL_MARGIN_SECONDS;
    try {
      // No item yet, or a full bucket: this take leaves it `amount` short of full.
      await rateBucketEntity()
        .update(key)
        .set({ fullAt: now + costMs, expiresAt })
        .where((attr, op) => `${op.notExists(attr.fullAt)} OR ${op.lte(attr.fullAt, now)}`)
        .go({ response: 'none' });
      return 0;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      // Partly refilled: take `amount` if the bucket holds that much.
      await rateBucketEntity()
        .patch(key)
        .add({ fullAt: costMs })
        .set({ expiresAt })
        .where(
          (attr, op) => `${op.gt(attr.fullAt, now)} AND ${op.lte(attr.fullAt, now + headroomMs)}`,
        )
        .go({ response: 'none' });
      return 0;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { data } = await rateBucketEntity().get(key).go({ consistent: true });
    if (data && data.fullAt > now + headroomMs) return Math.max(1, data.fullAt - headroomMs - now);
    // The bucket filled up between two steps: take it afresh.
    return RETRY_NOW;
  });
};

/**
 * Reserves `amount` from one sub-bucket whatever it holds: the bucket runs into debt (`fullAt`
 * further ahead than its burst) and the answer is the instant the reserved amount is the caller's
 * (epoch ms, now when the bucket had room). Reservations queue behind each other in the order they
 * were made, and every take after them waits for them too.
 */
const reserve = async (take: SubBucketTake): Promise<number> => {
  const { bucket, clock } = take;
  const { costMs, headroomMs, key } = geometryOf(take);
  const reserved = await retryOnContention(ROUNDS(bucket), async () => {
    const now = clock();
    try {
      await rateBucketEntity()
        .update(key)
        .set({
          fullAt: now + costMs,
          expiresAt: Math.ceil((now + costMs) / 1000) + TTL_MARGIN_SECONDS,
        })
        .where((attr, op) => `${op.notExists(attr.fullAt)} OR ${op.lte(attr.fullAt, now)}`)
        .go({ response: 'none' });
      return { turnAt: now, fullAt: now + costMs };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      const { data } = await rateBucketEntity()
        .patch(key)
        .add({ fullAt: costMs })
        .where((attr, op) => op.gt(attr.fullAt, now))
        .go({ response: 'updated_new' });
      const fullAt = data.fullAt!;
      return { turnAt: Math.max(now, fullAt - costMs - headroomMs), fullAt };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // It became full between the two steps: reserve afresh.
      return RETRY_NOW;
    }
  });
  // The item must outlive its debt, or its removal would forget the reservations: its expiry only
  // ever moves later, whoever of the concurrent reservers writes last.
  const expiresAt = Math.ceil(reserved.fullAt / 1000) + TTL_MARGIN_SECONDS;
  await rateBucketEntity()
    .patch(key)
    .set({ expiresAt })
    .where((attr, op) => op.lt(attr.expiresAt, expiresAt))
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
  return reserved.turnAt;
};

/**
 * Reserves `amount` (default 1) of the bucket for its caller, however far ahead that is, and
 * answers when it is the caller's (epoch ms). For work that waits its turn somewhere cheap (a post
 * scheduled for that instant) rather than coming back to ask again: the waiters are spaced out by
 * the rate in the order they came, instead of all retrying whenever the bucket refills. Whoever
 * reserved must then go without taking again (the publisher carries the turn in its event).
 */
export const reserveThroughput = async (
  bucket: ThroughputBucket,
  amount = 1,
  { clock = Date.now, random = Math.random }: Omit<TakeOptions, 'maxWaitMs'> = {},
): Promise<number> => {
  const rate = throughputRate(bucket);
  const subBuckets = subBucketsOf(rate);
  const subBucket = Math.floor(random() * subBuckets);
  return reserve({ bucket, rate, amount, subBucket, subBuckets, clock });
};

export interface TakeOptions {
  /** How long the caller may sleep for room; past it, ThroughputWait. Default: not at all. */
  readonly maxWaitMs?: number;
  /** For tests: epoch milliseconds, and the random source of sub-buckets and jitter. */
  readonly clock?: () => number;
  readonly random?: () => number;
}

/**
 * Takes `amount` (default 1) from the bucket, sleeping while it is empty for at most `maxWaitMs`
 * in all, or throws ThroughputWait with how long it would have to wait.
 */
export const takeThroughput = async (
  bucket: ThroughputBucket,
  amount = 1,
  { maxWaitMs = 0, clock = Date.now, random = Math.random }: TakeOptions = {},
): Promise<void> => {
  const rate = throughputRate(bucket);
  const subBuckets = subBucketsOf(rate);
  const deadline = clock() + maxWaitMs;
  for (let attempt = 1; ; attempt++) {
    const subBucket = Math.floor(random() * subBuckets);
    const waitMs = await tryTake({ bucket, rate, amount, subBucket, subBuckets, clock });
    if (waitMs === 0) return;
    // Callers refused together are spread over up to one more refill of what they asked (at most
    // a second), so they do not come back together.
    const spreadMs = Math.min(1000, (1000 * amount * subBuckets) / perSecond(rate));
    const jittered =
      waitMs + backoffMs(attempt, { stepMs: spreadMs, growth: 'linear', jitter: 'full' }, random);
    if (clock() + jittered > deadline) throw new ThroughputWait(bucket, jittered);
    await sleep(jittered);
  }
};

const prepaid = new AsyncLocalStorage<ReadonlySet<ThroughputBucket>>();

/**
 * Runs `work` with these buckets already paid for (a morning takes its drafts' OpenAI budget up
 * front, before it writes anything): what it calls does not take from them again.
 */
export const withPrepaid = <T>(buckets: readonly ThroughputBucket[], work: () => T): T =>
  prepaid.run(new Set([...(prepaid.getStore() ?? []), ...buckets]), work);

export const isPrepaid = (bucket: ThroughputBucket): boolean =>
  prepaid.getStore()?.has(bucket) ?? false;
