import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { RateLimited } from '../../core/errors';
import { refundDaily, spendDaily, usedToday, type DailyRule } from './daily-counter';

/** The daily allowance against DynamoDB Local: the conditional update is the point. */
describe('daily counter', () => {
  useLocalTable();

  const rule: DailyRule = {
    counter: 'test-runs',
    limit: 3,
    code: 'AI_FAIR_USE_REACHED',
    message: ({ timeZone, secondsToReset }) => `Done for today (${timeZone}, ${secondsToReset} s)`,
  };
  const company = () => ({ companyId: randomUUID(), timeZone: 'America/Chicago' });

  it('lets at most the limit through, however many ask at once', async () => {
    const target = company();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => spendDaily(rule, target)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refusals = results.filter((result) => result.status === 'rejected');
    expect(refusals).toHaveLength(7);
    const refusal = (refusals[0] as PromiseRejectedResult).reason as RateLimited;
    expect(refusal).toBeInstanceOf(RateLimited);
    expect(refusal.code).toBe('AI_FAIR_USE_REACHED');
    expect(refusal.message).toMatch(/^Done for today \(America\/Chicago, \d+ s\)$/);
    expect(refusal.retryAfterSeconds).toBeGreaterThan(0);
    expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(25 * 3600);
    expect(await usedToday(rule, target)).toBe(3);
  });

  it('counts on the company’s local day and gives a refund back to that day', async () => {
    const target = company();
    // 03:30 UTC on 24 November is still the 23rd in Chicago.
    const spend = await spendDaily(rule, target, Date.parse('2026-11-24T03:30:00Z'));
    expect(spend).toMatchObject({
      day: '2026-11-24T06:00:00.000Z',
      used: 1,
      counter: 'test-runs',
    });
    await spendDaily(rule, target, Date.parse('2026-11-24T03:31:00Z'));
    await spendDaily(rule, target, Date.parse('2026-11-24T03:32:00Z'));
    await expect(spendDaily(rule, target, Date.parse('2026-11-24T03:33:00Z'))).rejects.toThrow(
      RateLimited,
    );
    await refundDaily(spend);
    // Room again on that day; the next day starts from nothing.
    expect((await spendDaily(rule, target, Date.parse('2026-11-24T04:00:00Z'))).used).toBe(3);
    expect((await spendDaily(rule, target, Date.parse('2026-11-24T07:00:00Z'))).used).toBe(1);
  });

  it('never counts below zero', async () => {
    const target = company();
    await refundDaily({ companyId: target.companyId, counter: rule.counter, day: '2026-11-23' });
    const spend = await spendDaily(rule, target);
    await refundDaily(spend);
    await refundDaily(spend);
    expect(await usedToday(rule, target)).toBe(0);
  });
});
