import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { RateLimited } from '../errors';
import { takeRefilling, type RefillingRule } from './rate-limit';

/** The refilling allowance against DynamoDB Local: the conditional updates are the point. */
describe('a refilling allowance', () => {
  useLocalTable();

  // 6 a minute: one use refills every 10 s; at most 3 at once.
  const rule: RefillingRule = {
    name: 'test-refilling',
    perMinute: 6,
    burst: 3,
    code: 'SMS_LIMIT_REACHED',
    message: (seconds) => `Wait ${seconds} s`,
  };
  const start = Date.parse('2026-11-24T12:00:00Z');
  const at = (seconds: number) => () => start + seconds * 1000;
  const outcome = (promise: Promise<void>) =>
    promise.then(
      () => 'taken',
      (error: unknown) =>
        error instanceof RateLimited ? `refused ${error.retryAfterSeconds}` : error,
    );

  it('lets a whole burst through at once and no more, however many ask at once', async () => {
    const subject = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => outcome(takeRefilling(rule, subject, at(0)))),
    );
    expect(results.filter((result) => result === 'taken')).toHaveLength(3);
    // The next use refills 10 s after the first was taken.
    expect(results.filter((result) => result === 'refused 10')).toHaveLength(9);
  });

  it('gives uses back one by one at the rate, never more than the burst', async () => {
    const subject = randomUUID();
    for (let use = 0; use < 3; use++) await takeRefilling(rule, subject, at(0));
    expect(await outcome(takeRefilling(rule, subject, at(4)))).toBe('refused 6');
    expect(await outcome(takeRefilling(rule, subject, at(10)))).toBe('taken');
    expect(await outcome(takeRefilling(rule, subject, at(11)))).toBe('refused 9');
    expect(await outcome(takeRefilling(rule, subject, at(25)))).toBe('taken');
    expect(await outcome(takeRefilling(rule, subject, at(25)))).toBe('refused 5');
    // Long idle: full again, but only to the burst.
    const later = [0, 0, 0, 0].map(() => takeRefilling(rule, subject, at(600)));
    expect((await Promise.all(later.map(outcome))).sort()).toEqual([
      'refused 10',
      'taken',
      'taken',
      'taken',
    ]);
  });

  it('keeps each subject apart', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    for (let use = 0; use < 3; use++) await takeRefilling(rule, first, at(0));
    expect(await outcome(takeRefilling(rule, first, at(0)))).toBe('refused 10');
    expect(await outcome(takeRefilling(rule, second, at(0)))).toBe('taken');
  });
});
