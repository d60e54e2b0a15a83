import clsx from 'clsx';
import { useState } from 'react';
import type { BusinessNumbers } from '#shared/contract/admin';
import { FUNNEL_STEP_LABELS, utcDayOf } from '#shared/domain/business-numbers';
import { PLATFORM_IDS, TIER_IDS, TIERS, platformName } from '#shared/domain/tiers';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { EmptyState } from '#web/components/empty-state';
import { IconActivity } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { RetryAlert } from '#web/components/retry-alert';
import { Skeleton } from '#web/components/skeleton';
import { TextField } from '#web/components/text-field';
import { failureText } from '#web/lib/error-text';
import { useBusinessNumbers, type BusinessRange } from './api/business-numbers';
import { exportBusinessNumbers } from './api/export-business-numbers';
import { waitRangeText } from './wait-text';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last 30 days, today (UTC) included. */
export const lastThirtyDays = (now: Date = new Date()): BusinessRange => ({
  from: utcDayOf(now.getTime() - 29 * DAY_MS),
  to: utcDayOf(now),
});

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className={clsx(cardClasses, 'p-4')}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** A bar whose length is the share of the largest value (at least a sliver when not zero). */
function Bar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.max(value > 0 ? 2 : 0, Math.round((value / max) * 100)) : 0;
  return (
    <div aria-hidden="true" className="h-2 w-full rounded-full bg-slate-100">
      <div className="h-2 rounded-full bg-brand-600" style={{ width: `${width}%` }} />
    </div>
  );
}

function Plans({ numbers }: { numbers: BusinessNumbers }) {
  const paying = TIER_IDS.reduce((sum, tier) => sum + numbers.paying.byTier[tier], 0);
  return (
    <section aria-labelledby="admin-plans" className="space-y-3">
      <h2 id="admin-plans" className="text-lg font-semibold text-slate-900">
        Plans now
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="MRR (list price)" value={dollars.format(numbers.paying.mrr)} />
        <Stat label="Paying companies" value={paying} />
        <Stat label="Trials ending this week" value={numbers.trialsEndingThisWeek} />
        {TIER_IDS.map((tier) => (
          <Stat
            key={tier}
            label={`Paying for ${TIERS[tier].name}`}
            value={numbers.paying.byTier[tier]}
          />
        ))}
      </dl>
    </section>
  );
}

function Funnel({ numbers }: { numbers: BusinessNumbers }) {
  const max = Math.max(...numbers.funnel.map((row) => row.count));
  return (
    <section aria-labelledby="admin-funnel" className="space-y-3">
      <h2 id="admin-funnel" className="text-lg font-semibold text-slate-900">
        Funnel
      </h2>
      {/* Focusable, so a keyboard can scroll it sideways on a narrow screen. */}
      <div
        className={clsx(cardClasses, 'overflow-x-auto')}
        tabIndex={0}
        role="region"
        aria-labelledby="admin-funnel"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Accounts that reached each step in the range, and the median wait since the step before
          </caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Step
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Accounts
              </th>
              <th scope="col" className="hidden w-1/3 px-4 py-3 font-medium sm:table-cell">
                <span className="sr-only">Share</span>
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Median wait
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {numbers.funnel.map((row) => (
              <tr key={row.step}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {FUNNEL_STEP_LABELS[row.step]}
                </th>
                <td className="px-4 py-3 text-right tabular-nums">{row.count}</td>
                <td className="hidden px-4 py-3 sm:table-cell">
                  <Bar value={row.count} max={max} />
                </td>
                <td className="px-4 py-3 text-slate-600">{waitRangeText(row.medianWait)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Days({ numbers }: { numbers: BusinessNumbers }) {
  const days = [...numbers.days].reverse();
  return (
    <section aria-labelledby="admin-days" className="space-y-3">
      <h2 id="admin-days" className="text-lg font-semibold text-slate-900">
        Day by day
      </h2>
      <div
        className={clsx(cardClasses, 'overflow-x-auto')}
        tabIndex={0}
        role="region"
        aria-labelledby="admin-days"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Sign-ups, texts sent, and posts published and failed per platform, newest day first
          </caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Day (UTC)
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Sign-ups
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Texts
              </th>
              {PLATFORM_IDS.map((platform) => (
                <th
                  key={platform}
                  scope="col"
                  className="px-4 py-3 text-right font-medium whitespace-nowrap"
                >
                  {platformName(platform)}
                  <span className="block text-xs font-normal">published / failed</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums">
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap text-slate-900">
                  {day.day}
                </th>
                <td className="px-4 py-2 text-right">{day.signUps}</td>
                <td className="px-4 py-2 text-right">{day.textsSent}</td>
                {PLATFORM_IDS.map((platform) => (
                  <td key={platform} className="px-4 py-2 text-right whitespace-nowrap">
                    {day.published[platform]} / {day.failed[platform]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Loading() {
  return (
    <div className="space-y-6">
      <p role="status" className="sr-only">
        Loading the numbers
      </p>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((box) => (
          <Skeleton key={box} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}

/** Nothing was counted in the range (no sign-up, post or text), and nobody pays. */
const isEmpty = (numbers: BusinessNumbers): boolean =>
  numbers.funnel.every((row) => row.count === 0) &&
  numbers.days.every(
    (day) =>
      day.signUps === 0 &&
      day.textsSent === 0 &&
      PLATFORM_IDS.every((id) => day.published[id] === 0 && day.failed[id] === 0),
  ) &&
  numbers.paying.mrr === 0 &&
  numbers.trialsEndingThisWeek === 0;

/** `/dashboard/admin`: the business's own numbers, for admins (the route lets no one else in). */
export function BusinessPage() {
  const [range, setRange] = useState<BusinessRange>(() => lastThirtyDays());
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const rangeInvalid = !range.from || !range.to || range.to < range.from;
  const { numbers, failed, isLoading, retry } = useBusinessNumbers(rangeInvalid ? null : range);

  const download = async () => {
    setExportError(null);
    setExporting(true);
    try {
      await exportBusinessNumbers(range);
    } catch (error) {
      setExportError(failureText('export the numbers', error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <title>Business numbers · Sailpost</title>
      <PageHeader
        title="Business numbers"
        description="Counted when things happen, per UTC day. Plans and trials are as they stand now."
        actions={
          <Button variant="secondary" onClick={download} disabled={rangeInvalid || exporting}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        }
      />
      <form
        className="grid max-w-md grid-cols-2 gap-3"
        aria-label="Range of days"
        onSubmit={(event) => event.preventDefault()}
      >
        <TextField
          label="From"
          type="date"
          value={range.from}
          max={range.to || undefined}
          onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
        />
        <TextField
          label="To"
          type="date"
          value={range.to}
          min={range.from || undefined}
          onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
        />
      </form>
      {exportError ? <Alert tone="danger">{exportError}</Alert> : null}
      {rangeInvalid ? (
        <Alert tone="warning">Choose a start day on or before the end day.</Alert>
      ) : failed ? (
        <RetryAlert onRetry={retry}>The numbers could not be loaded.</RetryAlert>
      ) : isLoading || !numbers ? (
        <Loading />
      ) : isEmpty(numbers) ? (
        <EmptyState
          headingLevel={2}
          icon={IconActivity}
          title="Nothing counted in these days"
          description="Sign-ups, posts and texts appear here as they happen. Try a wider range."
        />
      ) : (
        <>
          <Plans numbers={numbers} />
          <Funnel numbers={numbers} />
          <Days numbers={numbers} />
        </>
      )}
    </div>
  );
}
