import clsx from 'clsx';
import { useMemo, type Ref, type SelectHTMLAttributes } from 'react';
import { controlStateClasses, FieldMessage, useFieldIds } from './field';

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

interface TimeZoneFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  /** The zone selected now (always offered, even if the browser does not list it). */
  current: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native select of IANA zones: the keyboard's type-ahead finds a place by its first letters,
 * and phones show their own picker.
 */
export function TimeZoneField({
  label,
  current,
  error,
  hint,
  id,
  className,
  ref,
  ...props
}: TimeZoneFieldProps) {
  const { inputId, errorId, hintId, describedBy } = useFieldIds(id, error, hint);
  const groups = useMemo(() => timeZoneGroups(current), [current]);
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          'block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-xs transition-colors sm:h-10 sm:text-sm',
          controlStateClasses(!!error),
        )}
        {...props}
      >
        {groups.map((group) => (
          <optgroup key={group.region} label={group.region}>
            {group.zones.map((option) => (
              <option key={option.zone} value={option.zone}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <FieldMessage error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}
