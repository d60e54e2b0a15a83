import { describe, expect, it } from 'vitest';
import { describeSchedule } from './campaigns';
import { slotText } from './schedule-slots';
import { zoneName } from './time-zones';

describe('zoneName', () => {
  it.each([
    ['America/Los_Angeles', 'Los Angeles time'],
    ['America/New_York', 'New York time'],
    ['Asia/Ho_Chi_Minh', 'Ho Chi Minh time'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires time'],
    ['America/Indiana/Tell_City', 'Tell City time'],
    ['Europe/London', 'London time'],
    ['UTC', 'UTC'],
    ['Etc/UTC', 'UTC'],
    ['Etc/GMT', 'UTC'],
    ['GMT', 'UTC'],
    // IANA's Etc/GMT signs are POSIX's, the other way round: Etc/GMT+5 is five hours behind UTC.
    ['Etc/GMT+5', 'UTC−5'],
    ['Etc/GMT-10', 'UTC+10'],
  ])('%s is "%s"', (zone, words) => {
    expect(zoneName(zone)).toBe(words);
  });

  it('a schedule and a slot name their zone the same way, UTC included', () => {
    expect(describeSchedule({ timeZone: 'UTC', days: ['mon'], times: ['09:00'] })).toBe(
      'Mon at 9:00, UTC',
    );
    expect(slotText('2026-11-27T17:00:00.000Z', 'America/Los_Angeles')).toBe(
      'Fri, Nov 27 at 9:00 AM, Los Angeles time',
    );
    expect(slotText('2026-11-27T09:00:00.000Z', 'UTC')).toBe('Fri, Nov 27 at 9:00 AM, UTC');
  });
});
