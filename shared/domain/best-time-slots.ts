import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { campaignDateInZone } from './campaign-dates';
import { WEEKDAYS, type Weekday } from './campaigns';
import { DAY_PART_HOURS, DAY_PARTS, windowOf, type DayPart, type TimeWindow } from './post-results';
import { SLOT_LEAD_MS, type SlotCampaign } from './schedule-slots';

/** How far ahead Best times looks for a free window: the coming two weeks. */
export const BEST_TIMES_HORIZON_DAYS = 14;

export interface WindowSlot {
  at: Date;
  day: Weekday;
  part: DayPart;
  window: TimeWindow;
}

/**
 * The times Best times may place a post at, in order: on the hour inside each part of the day
 * (DAY_PART_HOURS), every day of the campaign from `now` for BEST_TIMES_HORIZON_DAYS, in the
 * campaign's zone, never sooner than SLOT_LEAD_MS. The campaign's posting days and times are the
 * fixed mode's; here every day is a candidate.
 */
export function* windowSlots(campaign: SlotCampaign, now: Date): Generator<WindowSlot> {
  const { timeZone } = campaign.schedule;
  const firstDay = campaignDateInZone(campaign.startDate, timeZone);
  const lastDay = campaignDateInZone(campaign.endDate, timeZone);
  const today = campaignDateInZone(now.toISOString(), timeZone);
  const from = today > firstDay ? today : firstDay;
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  let day = new TZDate(y, m - 1, d, 12, 0, timeZone);
  for (let step = 0; step < BEST_TIMES_HORIZON_DAYS; step++, day = addDays(day, 1)) {
    if (campaignDateInZone(day.toISOString(), timeZone) > lastDay) return;
    const weekday = WEEKDAYS[(day.getDay() + 6) % 7]!;
    for (const part of DAY_PARTS) {
      for (let hour = DAY_PART_HOURS[part].from; hour < DAY_PART_HOURS[part].to; hour++) {
        const at = new Date(
          new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, 0, timeZone).getTime(),
        );
        if (at.getTime() >= now.getTime() + SLOT_LEAD_MS) {
          yield { at, day: weekday, part, window: windowOf(weekday, hour) };
        }
      }
    }
  }
}
