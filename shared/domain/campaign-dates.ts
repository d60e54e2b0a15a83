import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { DEFAULT_CAMPAIGN_DAYS } from './campaigns';

/**
 * Campaign dates as the form sends them and as they are stored. The form sends a date
 * (`2026-03-01`), which is the start of that day in the campaign's time zone; an ISO date-time
 * with a zone (`…Z`, `…+02:00`) is that instant; one without a zone is that wall-clock time in the
 * campaign's zone. Stored and answered as UTC ISO strings.
 */
const DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

export const INVALID_DATE_MESSAGE = 'Enter a date like 2026-03-01';

/**
 * Whether the text is a date (or date-time) the API reads, with a real calendar day. Read in UTC:
 * whether it is a date does not depend on the zone, and UTC skips no hour.
 */
export const isCampaignDate = (value: string): boolean => campaignInstant(value, 'UTC') !== null;

/** The instant a form date stands for in the zone, or null when it is no date. */
export const campaignInstant = (value: string, timeZone: string): Date | null => {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0', offset] = match;
  const parts = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [year, month, day, hour, minute, second] = parts;
  const millis = Number(ms.padEnd(3, '0'));
  // A real calendar day and clock time (no 2026-02-30, no 24:00).
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day ||
    probe.getUTCHours() !== hour ||
    probe.getUTCMinutes() !== minute
  ) {
    return null;
  }
  if (offset) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const local = new TZDate(year, month - 1, day, hour, minute, second, millis, timeZone);
  return Number.isNaN(local.getTime()) ? null : new Date(local.getTime());
};

/** The stored form of a form date: UTC ISO (null when it is no date). */
export const campaignDateToIso = (value: string, timeZone: string): string | null =>
  campaignInstant(value, timeZone)?.toISOString() ?? null;

/** A stored date as the form's date input shows it (`yyyy-MM-dd`), in the campaign's zone. */
export const campaignDateInZone = (iso: string, timeZone: string): string => {
  const local = new TZDate(new Date(iso).getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
};

/** The form's default dates: today in the zone, and 30 days later. */
export const defaultCampaignDates = (
  timeZone: string,
  now: Date = new Date(),
): { startDate: string; endDate: string } => {
  const today = new TZDate(now.getTime(), timeZone);
  const end = addDays(today, DEFAULT_CAMPAIGN_DAYS);
  return {
    startDate: campaignDateInZone(today.toISOString(), timeZone),
    endDate: campaignDateInZone(end.toISOString(), timeZone),
  };
};

/**
 * Where today (in the campaign's zone) falls against the campaign's dates, both days inclusive:
 * content is generated only while it is `running`.
 */
export const campaignDayState = (
  campaign: { startDate: string; endDate: string; schedule: { timeZone: string } },
  now: Date = new Date(),
): 'not-started' | 'running' | 'ended' => {
  const zone = campaign.schedule.timeZone;
  const today = campaignDateInZone(now.toISOString(), zone);
  if (today < campaignDateInZone(campaign.startDate, zone)) return 'not-started';
  if (today > campaignDateInZone(campaign.endDate, zone)) return 'ended';
  return 'running';
};
