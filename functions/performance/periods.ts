import { TZDate } from '@date-fns/tz';
import { addWeeks } from 'date-fns';
import type { ResultTotalRecord } from '../core/db/entities/result-total';
import { localPlaceOf } from '../domain/results/local-time';

/** The first instant of a local day (`yyyy-MM-dd`) in the zone, UTC ISO. */
export const startOfLocalDay = (day: string, timeZone: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, timeZone).getTime()).toISOString();
};

/**
 * The end of every period: the end of the current week (next Monday, 00:00 in the zone). Figures
 * run to now, and nothing after now exists; a fixed end keeps one week's answers alike.
 */
export const periodEnd = (now: Date, timeZone: string): string => {
  const monday = startOfLocalDay(localPlaceOf(now, timeZone).weekStart, timeZone);
  return new Date(addWeeks(new TZDate(Date.parse(monday), timeZone), 1).getTime()).toISOString();
};

/** The earliest week with results among `totals` (its Monday), or null without any. */
export const firstWeekOf = (totals: readonly ResultTotalRecord[]): string | null =>
  totals
    .filter((total) => total.scope === 'week' && total.posts > 0)
    .map((total) => total.key)
    .sort()[0] ?? null;

/** From the first week with results (this week's start, without any) to the end of this one. */
export const periodSince = (
  totals: readonly ResultTotalRecord[],
  timeZone: string,
  now: Date,
): { from: string; to: string } => ({
  from: startOfLocalDay(firstWeekOf(totals) ?? localPlaceOf(now, timeZone).weekStart, timeZone),
  to: periodEnd(now, timeZone),
});
