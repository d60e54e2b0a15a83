import { describe, expect, it } from 'vitest';
import {
  dayKeyOf,
  firstWords,
  nearestSlot,
  parseDayKey,
  rangeTitle,
  sameTimeOn,
  shiftAnchor,
  visibleDays,
  windowOf,
} from './calendar-dates';

const LA = 'America/Los_Angeles';

describe('calendar dates', () => {
  it('counts days in the company’s zone, not in UTC', () => {
    // 01:30 UTC on the 24th is still the evening of the 23rd in Los Angeles.
    expect(dayKeyOf('2026-11-24T01:30:00.000Z', LA)).toBe('2026-11-23');
    expect(dayKeyOf('2026-11-24T01:30:00.000Z', 'Europe/Paris')).toBe('2026-11-24');
  });

  it('shows a week from Sunday to Saturday, and a month as its whole weeks', () => {
    expect(visibleDays('week', '2026-11-27', LA)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    const month = visibleDays('month', '2026-11-27', LA);
    expect(month[0]).toBe('2026-11-01');
    expect(month.at(-1)).toBe('2026-12-05');
    expect(month).toHaveLength(35);
    // A month that starts late in the week takes six weeks, the most one call may ask for.
    expect(visibleDays('month', '2026-08-10', LA)).toHaveLength(42);
  });

  it('asks the API from the first midnight to the midnight after, across a change of the clocks', () => {
    // Summer time ends on Sunday, November 1, 2026 in Los Angeles: that week has 169 hours.
    const days = visibleDays('week', '2026-11-03', LA);
    expect(windowOf(days, LA)).toEqual({
      from: '2026-11-01T07:00:00.000Z',
      to: '2026-11-08T08:00:00.000Z',
    });
  });

  it('steps by week and by month, and names the range', () => {
    expect(shiftAnchor('week', '2026-11-27', 1, LA)).toBe('2026-12-04');
    expect(shiftAnchor('month', '2026-01-31', 1, LA)).toBe('2026-02-28');
    expect(rangeTitle('week', '2026-11-27', LA)).toBe('Nov 22 – 28, 2026');
    expect(rangeTitle('week', '2026-12-01', LA)).toBe('Nov 29 – Dec 5, 2026');
    expect(rangeTitle('week', '2026-12-31', LA)).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(rangeTitle('month', '2026-11-27', LA)).toBe('November 2026');
  });

  it('reads back only real days from the address', () => {
    expect(parseDayKey('2026-11-27')).toBe('2026-11-27');
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('tomorrow')).toBeNull();
    expect(parseDayKey(null)).toBeNull();
  });

  it('aims a dropped post at its own time of day on the new day, and takes the nearest free slot', () => {
    // 9:00 AM on Wednesday in Los Angeles, dropped on Friday.
    const target = sameTimeOn('2026-11-25T17:00:00.000Z', '2026-11-27', LA);
    expect(target.toISOString()).toBe('2026-11-27T17:00:00.000Z');
    // Across the change of the clocks, 9:00 AM stays 9:00 AM.
    expect(sameTimeOn('2026-10-30T16:00:00.000Z', '2026-11-02', LA).toISOString()).toBe(
      '2026-11-02T17:00:00.000Z',
    );
    const slots = [
      '2026-11-26T17:00:00.000Z',
      '2026-11-27T17:00:00.000Z',
      '2026-11-28T01:30:00.000Z',
    ];
    expect(nearestSlot(slots, target)).toBe('2026-11-27T17:00:00.000Z');
    expect(nearestSlot(slots, new Date('2026-11-27T22:00:00.000Z'))).toBe(
      '2026-11-28T01:30:00.000Z',
    );
    // As near either way: the earlier.
    expect(nearestSlot(['2026-11-27T18:00:00.000Z', '2026-11-27T16:00:00.000Z'], target)).toBe(
      '2026-11-27T16:00:00.000Z',
    );
    expect(nearestSlot([], target)).toBeNull();
  });

  it('cuts a post to its first words at a word', () => {
    expect(firstWords('Fresh   sourdough\nevery morning')).toBe('Fresh sourdough every morning');
    expect(firstWords('Fresh sourdough every morning at the harbour, from six', 30)).toBe(
      'Fresh sourdough every morning…',
    );
  });
});
