import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { CampaignSchedule } from '#shared/contract/campaigns';
import { CAMPAIGN_TEXTS, describeSchedule } from '#shared/domain/campaigns';
import { DEFAULT_TIME_ZONE } from '#shared/domain/limits';
import { platformName, type PlatformId } from '#shared/domain/tiers';
import { zoneName } from '#shared/domain/time-zones';

/**
 * Campaign dates are stored as the start of a day in the campaign's zone: they are shown as that
 * day in that zone, wherever the browser is.
 */
const inZone = (iso: string, timeZone: string): TZDate | null => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  try {
    return new TZDate(time, timeZone);
  } catch {
    return new TZDate(time, DEFAULT_TIME_ZONE);
  }
};

/** "Nov 10" (the list's columns). */
export const shortDate = (iso: string, timeZone: string): string => {
  const date = inZone(iso, timeZone);
  return date ? format(date, 'MMM d') : '';
};

/** "Nov 10, 2026" */
export const longDate = (iso: string, timeZone: string): string => {
  const date = inZone(iso, timeZone);
  return date ? format(date, 'MMM d, yyyy') : '';
};

/** "2026-11-10", for a `<time dateTime>`. */
export const isoDay = (iso: string, timeZone: string): string => {
  const date = inZone(iso, timeZone);
  return date ? format(date, 'yyyy-MM-dd') : '';
};

/** "X (Twitter), LinkedIn", or 'None'. */
export const platformList = (platforms: readonly PlatformId[]): string =>
  platforms.length ? platforms.map(platformName).join(', ') : CAMPAIGN_TEXTS.noPlatforms;

/** In Best times mode: when approved posts go out, as the schedule's sentence says it. */
export const bestTimesSentence = (timeZone: string): string =>
  `At the best free time window for each platform, ${zoneName(timeZone)}`;

/**
 * When a campaign's posts go out: its days and times ("Mon, Wed, Fri at 9:00, New York time"), or
 * in Best times mode the windows its results suggest (the days and times then only serve Move).
 */
export const scheduleSentence = (schedule: CampaignSchedule): string =>
  schedule.mode === 'bestTimes' ? bestTimesSentence(schedule.timeZone) : describeSchedule(schedule);
