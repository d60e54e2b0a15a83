import { useMemo } from 'react';
import { SelectField, type SelectFieldProps } from './select-field';

interface ZoneOption {
  zone: string;
  label: string;
}

interface ZoneGroup {
  region: string;
  zones: ZoneOption[];
}

/** "GMT-05:00" for the zone now ('' when Intl cannot say). */
const offsetOf = (zone: string, at: Date): string => {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return name === 'GMT' ? 'GMT+00:00' : (name ?? '');
  } catch {
    return '';
  }
};

/** 'America/Argentina/Buenos_Aires' → 'Buenos Aires (Argentina)'; 'UTC' → 'UTC'. */
const placeOf = (zone: string): string => {
  const parts = zone.split('/').map((part) => part.replace(/_/g, ' '));
  if (parts.length <= 1) return zone;
  const city = parts.at(-1)!;
  return parts.length > 2 ? `${city} (${parts.slice(1, -1).join(', ')})` : city;
};

const supportedZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

/**
 * Every zone the browser knows, grouped by region ('America', 'Europe', …) and named by place with
 * its offset now: 'New York (GMT-05:00)'. The current zone is always among them.
 */
export const timeZoneGroups = (current: string, at: Date = new Date()): ZoneGroup[] => {
  const zones = new Set(supportedZones());
  if (current) zones.add(current);
  const groups = new Map<string, ZoneOption[]>();
  for (const zone of zones) {
    const region = zone.includes('/') ? zone.split('/')[0]! : 'Other';
    const offset = offsetOf(zone, at);
    const option = { zone, label: offset ? `${placeOf(zone)} (${offset})` : placeOf(zone) };
    groups.set(region, [...(groups.get(region) ?? []), option]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'Other' ? 1 : b === 'Other' ? -1 : a.localeCompare(b)))
    .map(([region, options]) => ({
      region,
      zones: options.sort((a, b) => a.label.localeCompare(b.label)),
    }));
};

interface TimeZoneFieldProps extends Omit<SelectFieldProps, 'children' | 'options'> {
  /** The zone selected now (always offered, even if the browser does not list it). */
  current: string;
}

/**
 * A native select of IANA zones: the keyboard's type-ahead finds a place by its first letters,
 * and phones show their own picker.
 */
export function TimeZoneField({ current, ...props }: TimeZoneFieldProps) {
  const groups = useMemo(() => timeZoneGroups(current), [current]);
  return (
    <SelectField {...props}>
      {groups.map((group) => (
        <optgroup key={group.region} label={group.region}>
          {group.zones.map((option) => (
            <option key={option.zone} value={option.zone}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
