import { TZDate } from '@date-fns/tz';
import { forEachConcurrently } from '../../core/concurrency';
import type { CompanyRecord } from '../../core/db/entities/company';
import { morningRosterEntity, morningZonesEntity } from '../../core/db/entities/morning-roster';
import { companyMorningHour, companyTimeZone } from './company-time-zone';

/** Where a company sits in the morning roster: its zone and its morning hour. */
export interface MorningSlot {
  timeZone: string;
  morningHour: number;
}

export const morningSlotOf = (
  company: Pick<CompanyRecord, 'timeZone' | 'morningHour'>,
): MorningSlot => ({
  timeZone: companyTimeZone(company),
  morningHour: companyMorningHour(company),
});

export const sameMorningSlot = (a: MorningSlot, b: MorningSlot): boolean =>
  a.timeZone === b.timeZone && a.morningHour === b.morningHour;

/**
 * Adds the zone to the roster's zones (an idempotent ADD to one set): before any item in it. The
 * zones item is one item for the whole product, so it is written only when the zone is new: a
 * read (eventually consistent: it may miss a zone added a moment ago, which costs one idempotent
 * ADD, but never shows one that is absent) finds the zone there nearly always — a few hundred
 * zones exist — and new companies stop writing it at all (a partition serves 3,000 reads a second,
 * far above the rate companies are made or change zone).
 */
export const registerMorningZone = async (timeZone: string): Promise<void> => {
  const { data } = await morningZonesEntity().get({ registry: 'zones' }).go();
  if (!data?.zones?.includes(timeZone)) {
    await morningZonesEntity()
      .update({ registry: 'zones' })
      .add({ zones: [timeZone] })
      .go({ response: 'none' });
  }
};

/** Roster partitions read at once. */
const PARTITIONS_IN_FLIGHT = 16;

/** How often the hourly job runs: the window in which a local hour "has just come". */
export const MORNING_TICK_MINUTES = 60;

/**
 * The local hours (0–23) whose start the zone's wall clock reached in the tick that ends at
 * `now`, i.e. in (now − tickMinutes, now]: normally the one hour it is now. On the day the clock
 * springs forward it is two (at 03:xx in New York the skipped 2 o'clock is due as well, so a
 * morning hour of 2 still comes); on the day it falls back the repeated hour is due again, and the
 * per-day claim of the run keeps it to one morning.
 */
export const dueMorningHours = (
  timeZone: string,
  now: Date,
  tickMinutes: number = MORNING_TICK_MINUTES,
): number[] => {
  const current = new TZDate(now.getTime(), timeZone).getHours();
  const previous = new TZDate(now.getTime() - tickMinutes * 60_000, timeZone).getHours();
  if (previous === current) return [current];
  const hours: number[] = [];
  for (let hour = (previous + 1) % 24; ; hour = (hour + 1) % 24) {
    hours.push(hour);
    if (hour === current) return hours;
  }
};

/**
 * The companies whose morning hour has just come at `now`, found without a scan. Cost per tick:
 * one GetItem of the zones item, then, for each zone any company has used (a few hundred at
 * most), one Query of the roster partition of its due hour (two on a spring-forward day) — an
 * empty partition is half a read unit, and each company due is one small item (≈ 100 bytes). So
 * about (zones used × 0.5) RCUs an hour plus the due companies, whatever the number of companies.
 */
export const companiesDueForMorning = async (
  now: Date,
): Promise<{ companyId: string; timeZone: string; morningHour: number }[]> => {
  const { data } = await morningZonesEntity().get({ registry: 'zones' }).go();
  const zones = [...(data?.zones ?? [])].sort();
  const partitions = zones.flatMap((timeZone) =>
    dueMorningHours(timeZone, now).map((morningHour) => ({ timeZone, morningHour })),
  );
  const due: { companyId: string; timeZone: string; morningHour: number }[] = [];
  await forEachConcurrently(partitions, PARTITIONS_IN_FLIGHT, async (partition) => {
    const { data: items } = await morningRosterEntity()
      .query.byZoneHour(partition)
      .go({ pages: 'all' });
    due.push(...items);
  });
  return due;
};
