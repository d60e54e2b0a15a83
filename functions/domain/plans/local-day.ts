import { tz } from '@date-fns/tz';
import { addDays, lightFormat, startOfDay } from 'date-fns';

/** One calendar day in a time zone: its name and the instants it starts and ends. */
export interface LocalDay {
  /** The day's date in the zone, `yyyy-MM-dd`: the key of what is counted per day. */
  day: string;
  /** Its first instant (local midnight, or the first moment after it on a day DST skips it). */
  startsAt: Date;
  /** The next day's first instant: when a daily count starts again. */
  endsAt: Date;
}

/**
 * The calendar day `now` falls on in `timeZone`. Computed by date-fns in the zone (never by
 * adding 24 hours), so the day a clock springs forward lasts 23 hours and the day it falls back 25.
 */
export const localDayOf = (now: number | Date, timeZone: string): LocalDay => {
  const zone = tz(timeZone);
  const startsAt = startOfDay(now, { in: zone });
  const endsAt = startOfDay(addDays(startsAt, 1, { in: zone }), { in: zone });
  return {
    // A date in the zone (TZDate): its calendar fields are the zone's, and no locale is needed.
    day: lightFormat(startsAt, 'yyyy-MM-dd'),
    startsAt: new Date(startsAt.getTime()),
    endsAt: new Date(endsAt.getTime()),
  };
};
