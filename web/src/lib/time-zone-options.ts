import { zoneName } from '#shared/domain/time-zones';

export interface ZoneOption {
  /** The IANA id the form keeps and the server stores. */
  zone: string;
  /** What the owner reads: "Los Angeles time (UTC−8)". */
  label: string;
}

export interface ZoneChoices {
  /** The browser's own zone first, then the zones most owners pick. */
  suggested: ZoneOption[];
  /** Every other zone the browser knows, by name. */
  others: ZoneOption[];
}

/**
 * The zones most owners pick, offered before the 400-odd others: the United States' zones (most
 * owners are there; the product texts US numbers), then UTC and a few large business zones.
 */
export const COMMON_ZONES: readonly string[] = [
  'America/Los_Angeles',
  'America/Denver',
  'America/Phoenix',
  'America/Chicago',
  'America/New_York',
  'America/Anchorage',
  'Pacific/Honolulu',
  'UTC',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
];

/** "UTC−8", "UTC+5:30", "UTC+0" for the zone at `at`; '' when Intl cannot say. */
export const utcOffsetText = (zone: string, at: Date): string => {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    if (name === undefined) return '';
    const offset = /^GMT([+-])(\d\d):(\d\d)$/.exec(name);
    if (!offset) return 'UTC+0';
    const [, sign, hours, minutes] = offset;
    return `UTC${sign === '-' ? '−' : '+'}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
  } catch {
    return '';
  }
};

/** "Los Angeles time (UTC−8)"; UTC and fixed offsets are named by their offset alone. */
export const zoneLabel = (zone: string, at: Date = new Date()): string => {
  const name = zoneName(zone);
  const offset = utcOffsetText(zone, at);
  return name.startsWith('UTC') || !offset ? name : `${name} (${offset})`;
};

/** One zone under its several names ("Asia/Kolkata" and "Asia/Calcutta") is offered once. */
const canonical = (zone: string): string => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
};

const isZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const supportedZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

export const browserZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
};

/**
 * The picker's zones: the browser's zone and `current` (the form's value, always offered), then
 * the common zones, then every other zone the browser knows in the order of their names. A zone
 * known under two names appears once, under the first name met.
 */
export const zoneChoices = (
  current: string,
  { at = new Date(), here = browserZone(), all = supportedZones() } = {},
): ZoneChoices => {
  const seen = new Set<string>();
  const take = (zones: readonly string[]): ZoneOption[] =>
    zones.flatMap((zone) => {
      if (!zone || !isZone(zone)) return [];
      const key = canonical(zone);
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ zone, label: zoneLabel(zone, at) }];
    });
  const suggested = take([current, here, ...COMMON_ZONES]);
  const others = take(all).sort((a, b) => a.label.localeCompare(b.label));
  return { suggested, others };
};

/** Lower case, underscores and minus signs as typed: "los", "new york", "utc-8" all match. */
const folded = (text: string): string =>
  text.toLowerCase().replace(/_/g, ' ').replace(/−/g, '-').trim();

/** The option matches what was typed: its words, its offset or its IANA id. */
export const zoneMatches = (option: ZoneOption, query: string): boolean => {
  const typed = folded(query);
  return !typed || folded(option.label).includes(typed) || folded(option.zone).includes(typed);
};
