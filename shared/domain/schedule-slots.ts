import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { campaignDateInZone } from './campaign-dates';
import { WEEKDAYS, type Weekday } from './campaigns';
import { zoneName } from './time-zones';

/** A campaign's posting schedule and dates, as stored (dates are UTC ISO instants). */
export interface SlotCampaign {
  startDate: string;
  endDate: string;
  schedule: { timeZone: string; days: readonly Weekday[]; times: readonly string[] };
}

/** A post is never slotted closer to now than this: it needs a moment to be scheduled. */
export const SLOT_LEAD_MS = 60_000;
/** How far ahead slots are looked for when a campaign's end is further (or unset). */
const MAX_DAYS_AHEAD = 400;

/** date-fns' getDay(): 0 is Sunday. */
const weekdayOf = (day: TZDate): Weekday => WEEKDAYS[(day.getDay() + 6) % 7]!;

/**
 * The instant of a posting time on a local day. A time the clocks skip (02:30 on the night
 * summer time begins) is the same time after the jump (03:30), as a person's alarm would ring;
 * a time that happens twice (01:30 when summer time ends) is its first occurrence.
 */
const instantOn = (day: TZDate, time: string, timeZone: string): Date => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(
    new TZDate(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      hours,
      minutes,
      timeZone,
    ).getTime(),
  );
};

/**
 * Every slot of the campaign from `now` on, in order: its posting times on its posting days, in
 * its zone, between its start and end days (both inclusive), never sooner than SLOT_LEAD_MS.
 */
export function* campaignSlots(campaign: SlotCampaign, now: Date): Generator<Date> {
  const { timeZone, days, times } = campaign.schedule;
  if (days.length === 0 || times.length === 0) return;
  const sortedTimes = [...times].sort();
  const firstDay = campaignDateInZone(campaign.startDate, timeZone);
  const lastDay = campaignDateInZone(campaign.endDate, timeZone);
  const today = campaignDateInZone(now.toISOString(), timeZone);
  const from = today > firstDay ? today : firstDay;
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  let day = new TZDate(y, m - 1, d, 12, 0, timeZone);
  for (let step = 0; step < MAX_DAYS_AHEAD; step++, day = addDays(day, 1)) {
    const date = campaignDateInZone(day.toISOString(), timeZone);
    if (date > lastDay) return;
    if (!days.includes(weekdayOf(day))) continue;
    for (const time of sortedTimes) {
      const at = instantOn(day, time, timeZone);
      if (at.getTime() >= now.getTime() + SLOT_LEAD_MS) yield at;
    }
  }
}

/** The first slot of the campaign from `now` that `isTaken` does not refuse, or null. */
export const nextFreeSlot = (
  campaign: SlotCampaign,
  now: Date,
  isTaken: (slot: Date) => boolean = () => false,
): Date | null => {
  for (const slot of campaignSlots(campaign, now)) {
    if (!isTaken(slot)) return slot;
  }
  return null;
};

/** "Wed, Nov 25 at 9:00 AM, New York time": a slot as the owner reads it, in the campaign's zone. */
export const slotText = (iso: string, timeZone: string): string =>
  `${format(new TZDate(Date.parse(iso), timeZone), "EEE, MMM d 'at' h:mm a")}, ${zoneName(timeZone)}`;

/** Within this, a weekday names a day unambiguously. */
const WEEKDAY_SPAN_MS = 6 * 24 * 60 * 60 * 1000;

/**
 * "Fri 9:00 AM" (within the coming six days) or "Mon, Dec 7, 9:00 AM" (later): a post's time in a
 * short line, in the company's zone.
 */
export const shortSlotText = (iso: string, timeZone: string, now: number = Date.now()): string =>
  format(
    new TZDate(Date.parse(iso), timeZone),
    Date.parse(iso) - now < WEEKDAY_SPAN_MS ? 'EEE h:mm a' : 'EEE, MMM d, h:mm a',
  );
