import { describe, expect, it } from 'vitest';
import type { MorningReportRecord } from '../../core/db/entities/morning-report';
import { lastMorningOf, morningSkipOf, morningSummaryOf, nextMorningAfter } from './morning-report';

describe('morningSkipOf', () => {
  it('names why the drafts did not reach the owner, and nothing when they did', () => {
    const drafted = { status: 'drafted', day: '2026-11-27', due: 2 } as const;
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

describe('morningSummaryOf', () => {
  const company = { timeZone: 'America/Los_Angeles', morningHour: 8 };
  const day = '2026-11-27';
  const drafted = { status: 'drafted', day, due: 2 } as const;
  const summary = (run: Parameters<typeof morningSummaryOf>[0]) => morningSummaryOf(run, company);

  it('says why nothing was sent', () => {
    expect(summary({ ...drafted, drafts: 0, stoppedBy: 'limit', text: 'nothing-new' })).toBe(
      'Nothing was sent: the day’s AI generations were already used. Drafting resumes Sat, Nov 28 at 8:00 AM, Los Angeles time.',
    );
    expect(summary({ ...drafted, due: 0, drafts: 0, text: 'nothing-new' })).toBe(
      'Nothing was sent: nothing was due (no active campaign runs today on a platform the company has connected and its plan allows).',
    );
    expect(summary({ ...drafted, drafts: 0, text: 'nothing-new' })).toBe(
      'Nothing was sent: none of the 2 drafts due could be written (the log says why).',
    );
    expect(summary({ ...drafted, drafts: 2, text: 'no-verified-phone' })).toBe(
      '2 drafts written; nothing was sent: the owner has no verified phone.',
    );
    expect(summary({ ...drafted, due: 1, drafts: 1, text: 'opted-out' })).toBe(
      '1 draft written; nothing was sent: texts are off (the owner replied STOP).',
    );
    expect(summary({ ...drafted, drafts: 2, text: 'failed' })).toBe(
      '2 drafts written; the text could not be sent (the log says why).',
    );
    expect(summary({ status: 'lapsed', day })).toBe(
      'Nothing was sent: the plan has lapsed, so no drafts were written.',
    );
    expect(summary({ status: 'already-done', day })).toBe(
      'Nothing was sent: this company’s morning of 2026-11-27 has already run (one a day); the next comes Sat, Nov 28 at 8:00 AM, Los Angeles time.',
    );
    expect(morningSummaryOf({ status: 'gone' })).toBe(
      'Nothing was sent: there is no company with this id (or it was deleted).',
    );
  });

  it('says what was texted, and what was not written', () => {
    expect(summary({ ...drafted, drafts: 2, text: 'sent' })).toBe('2 drafts written and texted.');
    expect(summary({ ...drafted, due: 3, drafts: 1, stoppedBy: 'limit', text: 'sent' })).toBe(
      '1 draft written and texted. The day’s AI generations ran out before the other 2.',
    );
    expect(summary({ ...drafted, drafts: 1, stoppedBy: 'error', text: 'no-verified-phone' })).toBe(
      '1 draft written; nothing was sent: the owner has no verified phone. 1 more could not be written (the log says why).',
    );
  });
});
