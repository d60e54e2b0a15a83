import clsx from 'clsx';
import type { PlatformBestTimes } from '#shared/contract/performance';
import { windowName, type TimeWindow } from '#shared/domain/post-results';
import { platformName } from '#shared/domain/tiers';
import { periodText, postsText } from '#web/lib/result-periods';
import { PlatformIcon } from './platform-icon';

/** Windows named as suggestions per platform: the best few, not the whole ranking. */
export const SUGGESTED_WINDOWS = 3;

/** "Weekday mornings" */
const windowTitle = (window: string): string => {
  const name = windowName(window as TimeWindow);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * A platform's suggested time windows, best first, each with its evidence ("12 posts, 2.4× your
 * median"), and how many results they rest on: with few, it says they are mostly the starting
 * guess.
 */
export function BestTimeWindows({
  entry,
  timeZone,
  className,
}: {
  entry: PlatformBestTimes;
  /** The company's zone, which the windows and their period are in. */
  timeZone: string;
  className?: string;
}) {
  const suggested = entry.windows.slice(0, SUGGESTED_WINDOWS);
  const headingId = `best-times-${entry.platform}`;
  return (
    <section aria-labelledby={headingId} className={clsx('min-w-0', className)}>
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <PlatformIcon platform={entry.platform} size="xs" />
        {platformName(entry.platform)}
      </h3>
      <ol className="mt-2 space-y-1.5">
        {suggested.map((window) => (
          <li
            key={window.window}
            className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm"
          >
            <span className="font-medium text-slate-800">{windowTitle(window.window)}</span>
            <span className="text-slate-600 tabular-nums">{window.evidence}</span>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-500">
        {entry.resultCount === 0
          ? 'No results yet: the starting guess from industry studies.'
          : entry.mostlyStartingGuess
            ? `${postsText(entry.resultCount)} with results so far (${periodText(entry.period, timeZone)}): mostly the starting guess.`
            : `From ${postsText(entry.resultCount)} with results, ${periodText(entry.period, timeZone)}.`}
      </p>
    </section>
  );
}
