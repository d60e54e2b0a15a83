import { describe, expect, it } from 'vitest';
import { localDayOf } from './local-day';

const hours = (day: { startsAt: Date; endsAt: Date }) =>
  (day.endsAt.getTime() - day.startsAt.getTime()) / 3_600_000;

describe('localDayOf', () => {
  it("names the day in the company's zone, not the server's", () => {
    // 03:30 UTC on 10 June is still the evening of 9 June in Chicago (UTC-5).
    const day = localDayOf(Date.parse('2026-06-10T03:30:00Z'), 'America/Chicago');
    expect(day.day).toBe('2026-06-09');
    expect(day.startsAt.toISOString()).toBe('2026-06-09T05:00:00.000Z');
    expect(day.endsAt.toISOString()).toBe('2026-06-10T05:00:00.000Z');
    expect(localDayOf(Date.parse('2026-06-10T03:30:00Z'), 'Asia/Tokyo').day).toBe('2026-06-10');
  });

  it('turns over exactly at local midnight', () => {
    const zone = 'America/Chicago';
    expect(localDayOf(Date.parse('2026-06-10T04:59:59.999Z'), zone).day).toBe('2026-06-09');
    expect(localDayOf(Date.parse('2026-06-10T05:00:00.000Z'), zone).day).toBe('2026-06-10');
  });

  it('has 23 hours on the day clocks spring forward and 25 on the day they fall back', () => {
    const spring = localDayOf(Date.parse('2026-03-08T12:00:00Z'), 'America/Chicago');
    expect(spring.day).toBe('2026-03-08');
    expect(spring.startsAt.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(spring.endsAt.toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(hours(spring)).toBe(23);

    const fall = localDayOf(Date.parse('2026-11-01T12:00:00Z'), 'America/Chicago');
    expect(fall.endsAt.toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect(hours(fall)).toBe(25);

    expect(hours(localDayOf(Date.parse('2026-03-29T12:00:00Z'), 'Europe/Berlin'))).toBe(23);
  });

  it('starts a day whose midnight DST skips at its first moment', () => {
    // Santiago moves from 00:00 to 01:00 on 7 September 2025: that day starts at 01:00 local.
    const day = localDayOf(Date.parse('2025-09-07T12:00:00Z'), 'America/Santiago');
    expect(day.day).toBe('2025-09-07');
    expect(day.startsAt.toISOString()).toBe('2025-09-07T04:00:00.000Z');
    expect(day.endsAt.toISOString()).toBe('2025-09-08T03:00:00.000Z');
    expect(hours(day)).toBe(23);
  });

  it('follows zones with half-hour offsets', () => {
    const day = localDayOf(Date.parse('2026-06-01T18:29:00Z'), 'Asia/Kolkata');
    expect(day.day).toBe('2026-06-01');
    expect(day.endsAt.toISOString()).toBe('2026-06-01T18:30:00.000Z');
  });
});
