import { describe, expect, it } from 'vitest';
import type { MorningReportRecord } from '../../core/db/entities/morning-report';
import { lastMorningOf, morningSkipOf, nextMorningAfter } from './morning-report';

describe('morningSkipOf', () => {
  it('names why the drafts did not reach the owner, and nothing when they did', () => {
    const drafted = { status: 'drafted', day: '2026-11-27' } as const;
    expect(morningSkipOf({ ...drafted, drafts: 0, stoppedBy: 'limit', text: 'nothing-new' })).toBe(
      'generations-used',
    );
    expect(morningSkipOf({ status: 'lapsed', day: '2026-11-27' })).toBe('plan-lapsed');
    expect(morningSkipOf({ ...drafted, drafts: 2, text: 'no-verified-phone' })).toBe(
      'no-verified-phone',
    );
    expect(morningSkipOf({ ...drafted, drafts: 1, text: 'opted-out' })).toBe('texts-off');
    expect(morningSkipOf({ ...drafted, drafts: 1, text: 'failed' })).toBe('text-failed');
    // Texted; some written before the limit; nothing to draft: nothing skipped.
    expect(morningSkipOf({ ...drafted, drafts: 2, text: 'sent' })).toBeNull();
    expect(morningSkipOf({ ...drafted, drafts: 1, stoppedBy: 'limit', text: 'sent' })).toBeNull();
    expect(morningSkipOf({ ...drafted, drafts: 0, text: 'nothing-new' })).toBeNull();
  });
});

describe('nextMorningAfter', () => {
  it("is the company's morning hour on the next local day, in its zone", () => {
    const company = { timeZone: 'America/Los_Angeles', morningHour: 8 };
    expect(nextMorningAfter('2026-11-27', company)).toBe('2026-11-28T16:00:00.000Z');
    // Across a month's end, and the night the clocks go back (Nov 1, 2026 in Los Angeles).
    expect(nextMorningAfter('2026-11-30', company)).toBe('2026-12-01T16:00:00.000Z');
    expect(nextMorningAfter('2026-10-31', company)).toBe('2026-11-01T16:00:00.000Z');
    expect(nextMorningAfter('2026-10-30', company)).toBe('2026-10-31T15:00:00.000Z');
    // A company that never chose: 8:00 UTC.
    expect(nextMorningAfter('2026-11-27', {})).toBe('2026-11-28T08:00:00.000Z');
  });
});

describe('lastMorningOf', () => {
  const record = {
    companyId: 'c1',
    day: '2026-11-27',
    drafts: 0,
    skipped: 'generations-used',
    nextMorningAt: '2026-11-28T16:00:00.000Z',
    ranAt: '2026-11-27T16:00:00.000Z',
  } as MorningReportRecord;

  it('answers the last morning until the next one comes, then nothing', () => {
    expect(lastMorningOf(record, Date.parse('2026-11-28T15:59:59.000Z'))).toEqual({
      day: '2026-11-27',
      drafts: 0,
      skipped: 'generations-used',
      nextMorningAt: '2026-11-28T16:00:00.000Z',
    });
    expect(lastMorningOf(record, Date.parse('2026-11-28T16:00:00.000Z'))).toBeNull();
    expect(lastMorningOf(null)).toBeNull();
    const { skipped: _none, ...texted } = record;
    expect(lastMorningOf(texted, Date.parse('2026-11-27T17:00:00.000Z'))?.skipped).toBeNull();
  });
});
