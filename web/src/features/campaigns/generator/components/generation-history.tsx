import { TZDate } from '@date-fns/tz';
import clsx from 'clsx';
import { format } from 'date-fns';
import { DEFAULT_TIME_ZONE } from '#shared/domain/limits';
import { GENERATOR_TEXTS } from '../generator-texts';
import type { Version } from '../history';
import { GeneratorCard } from './generator-card';

/**
 * "Nov 10, 9:41 AM", in the company's zone (as every time of the company is shown), or the default
 * zone when the browser does not know the company's.
 */
export const versionTime = (iso: string, timeZone: string): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  try {
    return format(new TZDate(time, timeZone), 'MMM d, h:mm a');
  } catch {
    return format(new TZDate(time, DEFAULT_TIME_ZONE), 'MMM d, h:mm a');
  }
};

/**
 * 'Generation History', when the history has more than one version: 'Version N' with its time
 * and the feedback that made it, newest first. A click shows that version; refining then starts
 * from it. The version shown is pressed; focus stays on the list (the change is announced).
 */
export function GenerationHistory({
  versions,
  selectedId,
  timeZone,
  onSelect,
  disabled,
}: {
  versions: readonly Version[];
  selectedId: string | undefined;
  timeZone: string;
  onSelect: (version: Version, number: number) => void;
  disabled?: boolean;
}) {
  if (versions.length <= 1) return null;
  const entries = versions.map((version, index) => ({ version, number: index + 1 })).reverse();
  return (
    <GeneratorCard title={GENERATOR_TEXTS.historyTitle}>
      <ol className="-mx-2 space-y-1">
        {entries.map(({ version, number }) => {
          const selected = version._id === selectedId;
          const when = version.finishedAt ?? version.createdAt;
          return (
            <li key={version._id}>
              <button
                type="button"
                aria-pressed={selected}
                disabled={disabled}
                onClick={() => onSelect(version, number)}
                className={clsx(
                  'flex w-full flex-col gap-0.5 rounded-lg px-3 py-2.5 text-left transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                  'disabled:cursor-not-allowed disabled:opacity-60',
                  selected ? 'bg-brand-50 ring-1 ring-brand-200 ring-inset' : 'hover:bg-slate-50',
                )}
              >
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span
                    className={clsx(
                      'text-sm font-semibold',
                      selected ? 'text-brand-900' : 'text-slate-900',
                    )}
                  >
                    {`Version ${number}`}
                  </span>
                  <time dateTime={when} className="text-xs text-slate-600 tabular-nums">
                    {versionTime(when, timeZone)}
                  </time>
                </span>
                <span className="line-clamp-2 text-sm break-words text-slate-600">
                  {version.input.feedback ?? GENERATOR_TEXTS.firstVersion}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </GeneratorCard>
  );
}
