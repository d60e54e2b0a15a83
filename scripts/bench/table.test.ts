import { describe, expect, it } from 'vitest';
import { brokenBudgets, failedRow, infoRow, judgedRow, renderTable, withinLimit } from './table';

const ms = (value: number) => `${value} ms`;

describe('withinLimit', () => {
  it('accepts the limit itself for at-most and at-least, not for below', () => {
    expect(withinLimit(150, { atMost: 150 })).toBe(true);
    expect(withinLimit(151, { atMost: 150 })).toBe(false);
    expect(withinLimit(95, { atLeast: 95 })).toBe(true);
    expect(withinLimit(94, { atLeast: 95 })).toBe(false);
    expect(withinLimit(999, { below: 1000 })).toBe(true);
    expect(withinLimit(1000, { below: 1000 })).toBe(false);
  });
});

describe('the bench table', () => {
  const rows = [
    judgedRow('Module init', 'auth', 120, { atMost: 150 }, ms, '(min 110 ms, max 140 ms)'),
    judgedRow('Module init', 'meta', 180, { atMost: 150 }, ms),
    infoRow('Module init', 'jobs/sweeper', '90 ms'),
    failedRow('Lighthouse (mobile)', '/dashboard', new Error('ended on /login')),
  ];

  it('counts broken budgets and failed measurements, never informational rows', () => {
    expect(brokenBudgets(rows).map((row) => row.measure)).toEqual(['meta', '/dashboard']);
  });

  it('prints value, budget and result, the section once', () => {
    const lines = renderTable(rows).split('\n');
    expect(lines[2]).toMatch(
      /^Module init\s+auth\s+120 ms \(min 110 ms, max 140 ms\)\s+≤ 150 ms\s+pass$/,
    );
    expect(lines[3]).toMatch(/^\s+meta\s+180 ms\s+≤ 150 ms\s+FAIL$/);
    expect(lines[4]).toMatch(/^\s+jobs\/sweeper\s+90 ms\s+—$/);
    expect(lines[5]).toMatch(
      /^Lighthouse \(mobile\)\s+\/dashboard\s+failed: ended on \/login\s+measured\s+FAIL$/,
    );
  });
});
