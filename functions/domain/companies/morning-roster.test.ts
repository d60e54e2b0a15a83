import { describe, expect, it } from 'vitest';
import { localDayOf } from '../plans/local-day';
import { dueMorningHours } from './morning-roster';

/** The hourly tick at `iso`: which local hours of the zone have just come. */
const due = (zone: string, iso: string) => dueMorningHours(zone, new Date(iso));

describe('dueMorningHours', () => {
  it('is the hour it is now in the zone, on an ordinary day', () => {
    // New York on summer time (UTC−4): 12:30 UTC is 8:30.
    expect(due('America/New_York', '2026-03-10T12:30:00Z')).toEqual([8]);
    expect(due('America/New_York', '2026-03-10T13:05:00Z')).toEqual([9]);
    expect(due('UTC', '2026-03-10T08:00:00Z')).toEqual([8]);
    // A tick just before the hour is still the hour before.
    expect(due('UTC', '2026-03-10T07:59:59Z')).toEqual([7]);
  });

  it('gives the hour New York skips when it springs forward, with the one after', () => {
    // 2026-03-08: 2:00 EST becomes 3:00 EDT (07:00 UTC). At 03:30 EDT an hour ago was 01:30 EST.
    expect(due('America/New_York', '2026-03-08T07:30:00Z')).toEqual([2, 3]);
    expect(due('America/New_York', '2026-03-08T06:30:00Z')).toEqual([1]);
    expect(due('America/New_York', '2026-03-08T08:30:00Z')).toEqual([4]);
  });

  it('gives the repeated hour again when New York falls back (the day claim keeps one morning)', () => {
    // 2026-11-01: 2:00 EDT becomes 1:00 EST (06:00 UTC); 1 o'clock comes twice.
    expect(due('America/New_York', '2026-11-01T05:30:00Z')).toEqual([1]);
    expect(due('America/New_York', '2026-11-01T06:30:00Z')).toEqual([1]);
    expect(due('America/New_York', '2026-11-01T07:30:00Z')).toEqual([2]);
    // An 8 o'clock morning comes once that day, at 13:00 UTC (EST).
    const eights = Array.from({ length: 24 }, (_, hour) =>
      due('America/New_York', `2026-11-01T${String(hour).padStart(2, '0')}:10:00Z`),
    ).filter((hours) => hours.includes(8));
    expect(eights).toHaveLength(1);
  });

  it('counts a UTC+13 zone on its own calendar day', () => {
    // Tongatapu is 13 hours ahead: 19:30 UTC on the 8th is 8:30 on the 9th there.
    const now = new Date('2026-03-08T19:30:00Z');
    expect(dueMorningHours('Pacific/Tongatapu', now)).toEqual([8]);
    expect(localDayOf(now, 'Pacific/Tongatapu').day).toBe('2026-03-09');
    expect(due('Pacific/Tongatapu', '2026-03-08T11:00:00Z')).toEqual([0]);
    expect(due('Pacific/Tongatapu', '2026-03-08T10:59:00Z')).toEqual([23]);
  });

  it('covers every hour of a day exactly once, however the zone is offset', () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'Pacific/Chatham', 'Pacific/Tongatapu']) {
      const hours = Array.from({ length: 24 }, (_, hour) =>
        due(zone, `2026-06-15T${String(hour).padStart(2, '0')}:20:00Z`),
      ).flat();
      expect([...hours].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    }
  });
});
