import { TZDate } from '@date-fns/tz';
import { WEEKDAYS, type Weekday } from '#shared/domain/campaigns';
import { dayPartOf, type DayPart } from '#shared/domain/post-results';

/** Where an instant falls in a zone: its weekday, part of the day and week (its Monday). */
export interface LocalPlace {
  day: Weekday;
  part: DayPart;
  hour: number;
  /** `yyyy-MM-dd` of the Monday of its week. */
  weekStart: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const localPlaceOf = (at: Date | string, timeZone: string): LocalPlace => {
  const local = new TZDate(typeof at === 'string' ? Date.parse(at) : at.getTime(), timeZone);
  const dayIndex = (local.getDay() + 6) % 7;
  const monday = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() - dayIndex,
    12,
    0,
    timeZone,
  );
  return {
    day: WEEKDAYS[dayIndex]!,
    part: dayPartOf(local.getHours()),
    hour: local.getHours(),
    weekStart: `${monday.getFullYear()}-${pad(monday.getMonth() + 1)}-${pad(monday.getDate())}`,
  };
};

/** `tue#morning`: a heat-map cell's key. */
export const cellKeyOf = (day: Weekday, part: DayPart): string => `${day}#${part}`;
