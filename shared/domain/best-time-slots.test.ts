import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { BEST_TIMES_HORIZON_DAYS, windowSlots } from './best-time-slots';

const campaign = (startDate: string, endDate: string) => ({
  startDate,
  endDate,
  schedule: { timeZone: 'America/New_York', days: ['mon' as const], times: ['09:00'] },
});

describe('windowSlots', () => {
  it('offers every day’s times on the hour inside each part of the day, in the campaign’s zone', () => {
    // Wednesday 2026-03-04, 12:30 in New York.
    const now = new Date('2026-03-04T17:30:00.000Z');
    const slots = [
      ...windowSlots(campaign('2026-03-01T05:00:00.000Z', '2026-03-05T05:00:00.000Z'), now),
    ];
    const local = slots.map((slot) => {
      const at = new TZDate(slot.at.getTime(), 'America/New_York');
      return `${slot.day} ${at.getDate()} ${at.getHours()}:${String(at.getMinutes()).padStart(2, '0')} ${slot.window}`;
    });
    expect(local).toEqual([
      'wed 4 13:00 weekday-midday',
      'wed 4 14:00 weekday-afternoon',
      'wed 4 15:00 weekday-afternoon',
      'wed 4 16:00 weekday-afternoon',
      'wed 4 18:00 weekday-evening',
      'wed 4 19:00 weekday-evening',
      'wed 4 20:00 weekday-evening',
      'thu 5 8:00 weekday-morning',
      'thu 5 9:00 weekday-morning',
      'thu 5 10:00 weekday-morning',
      'thu 5 11:00 weekday-midday',
      'thu 5 12:00 weekday-midday',
      'thu 5 13:00 weekday-midday',
      'thu 5 14:00 weekday-afternoon',
      'thu 5 15:00 weekday-afternoon',
      'thu 5 16:00 weekday-afternoon',
      'thu 5 18:00 weekday-evening',
      'thu 5 19:00 weekday-evening',
      'thu 5 20:00 weekday-evening',
    ]);
  });

  it('looks two weeks ahead at most, and weekends are their own windows', () => {
    const now = new Date('2026-03-02T00:00:00.000Z');
    const slots = [
      ...windowSlots(campaign('2026-03-01T05:00:00.000Z', '2026-12-31T05:00:00.000Z'), now),
    ];
    const days = new Set(slots.map((slot) => slot.at.toISOString().slice(0, 10)));
    expect(days.size).toBe(BEST_TIMES_HORIZON_DAYS);
    expect(slots.find((slot) => slot.day === 'sat')?.window).toBe('weekend-morning');
  });
});
