import { TZDate } from '@date-fns/tz';
import {
  addDays,
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isValid,
  parse,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import type { GeneratedContent } from '#shared/contract/content';

export const CALENDAR_VIEWS = ['week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** A day of the company's calendar as 'yyyy-MM-dd', in its zone. */
export type DayKey = string;

const DAY_KEY = 'yyyy-MM-dd';
// Weeks start on Sunday, as US calendars print them.
const WEEK = { weekStartsOn: 0 } as const;

/** Noon of a day in the zone: a time every day has, whatever the clocks do that night. */
const noonOf = (day: DayKey, timeZone: string): TZDate => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 12, 0, timeZone);
};

const keyOf = (date: Date): DayKey => format(date, DAY_KEY);

/** The day an instant falls on in the zone. */
export const dayKeyOf = (iso: string | Date, timeZone: string): DayKey =>
  keyOf(new TZDate(new Date(iso).getTime(), timeZone));

/** `?date=2026-11-27` read back; anything else is null. */
export const parseDayKey = (value: string | null): DayKey | null => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return isValid(parse(value, DAY_KEY, new Date())) ? value : null;
};

/** The days a view shows around `anchor`: its week (Sunday first), or the whole weeks of its month. */
export const visibleDays = (view: CalendarView, anchor: DayKey, timeZone: string): DayKey[] => {
  const day = noonOf(anchor, timeZone);
  const [start, end] =
    view === 'week'
      ? [startOfWeek(day, WEEK), endOfWeek(day, WEEK)]
      : [startOfWeek(startOfMonth(day), WEEK), endOfWeek(endOfMonth(day), WEEK)];
  return eachDayOfInterval({ start, end }).map(keyOf);
};

/**
 * The instants the days cover, for the API: from the first day's midnight in the zone until the
 * midnight after the last (a day of 23 or 25 hours counts as it is).
 */
export const windowOf = (days: readonly DayKey[], timeZone: string) => {
  const midnight = (day: DayKey) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(y, m - 1, d, 0, 0, timeZone).getTime()).toISOString();
  };
  return {
    from: midnight(days[0]!),
    to: midnight(keyOf(addDays(noonOf(days.at(-1)!, timeZone), 1))),
  };
};

/** The anchor one week or month before (-1) or after (1). */
export const shiftAnchor = (view: CalendarView, anchor: DayKey, by: 1 | -1, timeZone: string) => {
  const day = noonOf(anchor, timeZone);
  return keyOf(view === 'week' ? addWeeks(day, by) : addMonths(day, by));
};

/** "Nov 22 – 28, 2026", "Nov 29 – Dec 5, 2026", "Dec 27, 2026 – Jan 2, 2027" or "November 2026". */
export const rangeTitle = (view: CalendarView, anchor: DayKey, timeZone: string): string => {
  if (view === 'month') return format(noonOf(anchor, timeZone), 'MMMM yyyy');
  const days = visibleDays('week', anchor, timeZone);
  const first = noonOf(days[0]!, timeZone);
  const last = noonOf(days.at(-1)!, timeZone);
  if (first.getFullYear() !== last.getFullYear()) {
    return `${format(first, 'MMM d, yyyy')} – ${format(last, 'MMM d, yyyy')}`;
  }
  if (first.getMonth() !== last.getMonth()) {
    return `${format(first, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
  }
  return `${format(first, 'MMM d')} – ${format(last, 'd, yyyy')}`;
};

/** "Friday, November 27" (headings, screen readers) and "Fri" / "27" (the grid's short marks). */
export const dayTitle = (day: DayKey, timeZone: string) =>
  format(noonOf(day, timeZone), 'EEEE, MMMM d');
export const weekdayShort = (day: DayKey, timeZone: string) => format(noonOf(day, timeZone), 'EEE');
export const dayOfMonth = (day: DayKey, timeZone: string) => format(noonOf(day, timeZone), 'd');
export const monthOf = (day: DayKey): string => day.slice(0, 7);

/** "9:00 AM" in the zone. */
export const timeText = (iso: string, timeZone: string): string =>
  format(new TZDate(Date.parse(iso), timeZone), 'h:mm a');

/**
 * When a post stands on the calendar: when it was published, else when it is (or was) due — a
 * failed post stays at the time it failed to go out.
 */
export const postTime = (post: GeneratedContent): string | null =>
  (post.status === 'published' ? post.publishedAt : null) ?? post.scheduledFor;

/** The same time of day as `iso`, on another day, in the zone: where a dragged post aims. */
export const sameTimeOn = (iso: string, day: DayKey, timeZone: string): Date => {
  const at = new TZDate(Date.parse(iso), timeZone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, at.getHours(), at.getMinutes(), timeZone).getTime());
};

/** The slot nearest `target` (the earlier of two as near), or null when there is none. */
export const nearestSlot = (slots: readonly string[], target: Date): string | null => {
  let best: string | null = null;
  let bestGap = Infinity;
  for (const slot of slots) {
    const gap = Math.abs(Date.parse(slot) - target.getTime());
    if (
      gap < bestGap ||
      (gap === bestGap && best !== null && Date.parse(slot) < Date.parse(best))
    ) {
      best = slot;
      bestGap = gap;
    }
  }
  return best;
};

/** A post's first words, for a calendar chip (its whole text goes in the accessible name). */
export const firstWords = (text: string, max = 60): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
};
