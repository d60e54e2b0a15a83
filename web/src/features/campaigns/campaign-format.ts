import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { CAMPAIGN_TEXTS } from '#shared/domain/campaigns';
import { DEFAULT_TIME_ZONE } from '#shared/domain/limits';
import { platformName, type PlatformId } from '#shared/domain/tiers';

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
