import { TZDate } from '@date-fns/tz';
import clsx from 'clsx';
import { format } from 'date-fns';

/** What a published post's latest reading found. */
export interface PostResultsView {
  impressions: number;
  engagements: number;
  /** When the platform was read. */
  asOf: string;
}

/**
 * Why a Best times post has its slot, as a line of its own ("Trying Saturday evening"): the
 * server's reason is written to follow a colon or start a sentence alike.
 */
export const slotReasonLine = (reason: string): string =>
  reason.charAt(0).toUpperCase() + reason.slice(1);

/** "1,234" */
export const countText = (value: number): string => value.toLocaleString('en-US');

/** Engagements per impression as "3.1%"; "–" before the first impression. */
export const engagementRateText = (engagements: number, impressions: number): string =>
  impressions > 0 ? `${((engagements / impressions) * 100).toFixed(1).replace(/\.0$/, '')}%` : '–';

/** "Nov 27, 2:05 PM": when the results were read, in the campaign's zone. */
const asOfText = (iso: string, timeZone: string): string =>
  format(new TZDate(Date.parse(iso), timeZone), 'MMM d, h:mm a');

/**
 * A published post's results: impressions, engagements and their rate, and when the platform was
 * last read (results grow for days, so a number without its time would mislead). Before the first
 * reading it says when they come.
 */
export function PostResults({
  results,
  timeZone,
  className,
}: {
  results: PostResultsView | null;
  timeZone: string;
  className?: string;
}) {
  if (!results) {
    return (
      <p className={clsx('text-sm text-slate-500', className)}>
        Results come about an hour after publishing.
      </p>
    );
  }
  const stats = [
    { label: 'Impressions', value: countText(results.impressions) },
    { label: 'Engagements', value: countText(results.engagements) },
    {
      label: 'Engagement rate',
      value: engagementRateText(results.engagements, results.impressions),
    },
  ];
  return (
    <div className={className} data-testid="post-results">
      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 ring-inset">
        {stats.map(({ label, value }) => (
          <div key={label} className="flex min-w-0 flex-col justify-between">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-slate-500">
        {'As of '}
        <time dateTime={results.asOf}>{asOfText(results.asOf, timeZone)}</time>
      </p>
    </div>
  );
}
