import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTable, type LocalTable } from '#test/support/local-table';
import { resetConfigForTests } from '#functions/core/config';
import { withEnvironment } from '#functions/core/environment';
import { reserveThroughput, takeThroughput, ThroughputWait } from './throughput';
import { rateBucketEntity } from '../db/entities/rate-bucket';
import type { ThroughputRate } from './throughput-buckets';

/**
 * The token buckets against DynamoDB Local: whatever the number of callers taking at once, the
 * grants never run ahead of the bucket's rate (plus its burst), and no caller is dropped — each
 * waits for its turn, or is told how long it would have to.
 */
describe('throughput buckets', () => {
  let table: LocalTable;
  const saved = { ...process.env };

  beforeAll(async () => {
    table = await startLocalTable();
    Object.assign(process.env, table.env);
    resetConfigForTests();
  }, 60_000);
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await table?.stop();
  });

  /**
   * `takes` takes of one, shared by `callers` callers at once; the instant of each grant, as the
   * bucket counted it: the clock reading its granting write was conditioned on (the last one the
   * caller made). The instant a caller resumes would be later by however long a busy machine
   * takes to schedule it, and several resuming together would look like a burst the bucket never
   * gave.
   */
  const race = async (rate: ThroughputRate, callers: number, takes: number) => {
    const limits = JSON.stringify({ 'sms-texts': rate });
    const granted: number[] = [];
    let left = takes;
    await withEnvironment({ ...process.env, THROUGHPUT_LIMITS: limits }, () =>
      Promise.all(
        Array.from({ length: callers }, async () => {
          let lastReading = 0;
          const clock = () => (lastReading = Date.now());
          while (left > 0) {
            left--;
            await takeThroughput('sms-texts', 1, { maxWaitMs: 60_000, clock });
            granted.push(lastReading);
          }
        }),
      ),
    );
    return granted.sort((a, b) => a - b);
  };

  /** The most grants in any stretch, against what the rate allows in it. */
  const worstExcess = (granted: number[], rate: ThroughputRate) => {
    let worst = -Infinity;
    for (let from = 0; from < granted.length; from++) {
      for (let to = from; to < granted.length; to++) {
        const seconds = (granted[to]! - granted[from]!) / 1000;
        const allowed = rate.burst + (rate.amount / rate.perSeconds) * seconds;
        worst = Math.max(worst, to - from + 1 - allowed);
      }
    }
    return worst;
  };

  it.each([
    ['one item', { amount: 20, perSeconds: 1, burst: 5 }],
    ['four sub-buckets', { amount: 20, perSeconds: 1, burst: 8, subBuckets: 4 }],
  ])(
    'holds its rate across 20 concurrent callers (%s)',
    async (_name, rate: ThroughputRate) => {
      const takes = 70;
      const started = Date.now();
      const granted = await race(rate, 20, takes);
      // Every take was granted: none dropped, however long it waited.
      expect(granted).toHaveLength(takes);
      // No stretch of time saw more than its share: the burst plus the rate over its length,
      // exactly (the conditional writes make it so whatever order they land in). A bucket that
      // did not hold would be dozens over (70 takes against a burst of 5).
      expect(worstExcess(granted, rate)).toBeLessThanOrEqual(1e-9);
      // And the whole took at least what the rate makes it take.
      const least = ((takes - rate.burst) / rate.amount) * rate.perSeconds * 1000;
      expect(granted.at(-1)! - started).toBeGreaterThanOrEqual(least - 100);
    },
    60_000,
  );

  it('tells a caller that may not wait how long the wait would be, and keeps its place free', async () => {
    const rate = { amount: 1, perSeconds: 60, burst: 1 };
    const limits = JSON.stringify({ 'x-posts': rate });
    await withEnvironment({ ...process.env, THROUGHPUT_LIMITS: limits }, async () => {
      await takeThroughput('x-posts');
      const refused = await takeThroughput('x-posts').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ThroughputWait);
      expect((refused as ThroughputWait).bucket).toBe('x-posts');
      // About a minute: the one post refills in 60 s.
      expect((refused as ThroughputWait).waitMs).toBeGreaterThan(55_000);
      expect((refused as ThroughputWait).waitMs).toBeLessThan(62_000);
    });
  });

  it('spaces out concurrent reservations by the rate, in turn, and makes later takes wait behind them', async () => {
    // A post a minute, two at once: twelve posts reserved together go at 0, 0, then one a minute.
    const rate = { amount: 1, perSeconds: 60, burst: 2 };
    const limits = JSON.stringify({ 'linkedin-posts': rate });
    await withEnvironment({ ...process.env, THROUGHPUT_LIMITS: limits }, async () => {
      const start = Date.now();
      const turns = (
        await Promise.all(Array.from({ length: 12 }, () => reserveThroughput('linkedin-posts')))
      )
        .map((turn) => turn - start)
        .sort((a, b) => a - b);
      // Every reservation got a turn of its own: none shares one, none is dropped.
      expect(turns.slice(0, 2).every((turn) => turn < 2_000)).toBe(true);
      for (let index = 2; index < turns.length; index++) {
        expect(turns[index]! - turns[index - 1]!).toBeGreaterThan(59_000);
        expect(turns[index]! - turns[index - 1]!).toBeLessThan(61_000);
      }
      // Ten minutes of debt: a take now waits behind every reservation.
      const refused = await takeThroughput('linkedin-posts').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ThroughputWait);
      expect((refused as ThroughputWait).waitMs).toBeGreaterThan(turns.at(-1)! + 50_000);
      // The item outlives its debt (its TTL would otherwise forget the reservations).
      const { data } = await rateBucketEntity()
        .get({ rule: 'throughput:linkedin-posts', subject: '0' })
        .go({ consistent: true });
      expect(data!.expiresAt * 1000).toBeGreaterThan(data!.fullAt);
    });
  });
});
