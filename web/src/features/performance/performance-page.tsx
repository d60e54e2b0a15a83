import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import type { Performance } from '#shared/contract/performance';
import { WEEKDAY_NAMES, WEEKDAYS } from '#shared/domain/campaigns';
import {
  DAY_PARTS,
  PERFORMANCE_TEXTS,
  PERFORMANCE_WEEKS_DEFAULT,
} from '#shared/domain/post-results';
import { zoneName } from '#shared/domain/time-zones';
import { Alert } from '#web/components/alert';
import { BestTimeWindows } from '#web/components/best-time-windows';
import { Breadcrumb } from '#web/components/breadcrumb';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { CompanyLoadError } from '#web/components/company-page-states';
import { EmptyState } from '#web/components/empty-state';
import { IconChart } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { RetryAlert } from '#web/components/retry-alert';
import { SelectField } from '#web/components/select-field';
import { Skeleton } from '#web/components/skeleton';
import { useBestTimes } from '#web/lib/api/best-times';
import { useCompany } from '#web/lib/api/get-company';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { basisText, periodText, postsText } from '#web/lib/result-periods';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';
import { fetchPerformanceExport } from './api/export-performance';
import { usePerformance } from './api/get-performance';
import { CampaignsChart } from './components/campaigns-chart';
import { EngagementChart } from './components/engagement-chart';
import { HeatMap } from './components/heat-map';
import { TopPosts } from './components/top-posts';
import { DAY_PART_LABELS, dayPartsNote, engagementSeries } from './performance-format';
import { saveTextFile } from './save-text-file';

/** The spans the weekly chart offers, in weeks. */
const WEEK_CHOICES = [4, 12, 26, 52] as const;

/** `?weeks=26` → 26; anything else is the default span. */
const weeksFrom = (value: string | null): number =>
  (WEEK_CHOICES as readonly number[]).includes(Number(value))
    ? Number(value)
    : PERFORMANCE_WEEKS_DEFAULT;

export const PERFORMANCE_PAGE_TEXTS = {
  heading: 'Performance',
  loading: 'Loading results',
  loadFailed: 'Failed to load results. Please try again.',
  emptyTitle: 'No results yet',
  emptyDescription:
    'Results appear here about an hour after a post is published, and grow over its first week.',
  export: 'Export CSV',
  linkedInUnread:
    "LinkedIn posts have no results here: LinkedIn hasn't given Sailpost access to their statistics.",
} as const;

function Section({
  title,
  basis,
  children,
  className,
}: {
  title: string;
  /** The period and count its figures rest on. */
  basis?: string;
  children: ReactNode;
  className?: string;
}) {
  const id = `performance-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={clsx(cardClasses, 'min-w-0 p-4 sm:p-5', className)}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {basis ? <p className="mt-0.5 text-sm text-slate-600">{basis}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function PerformanceSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        {PERFORMANCE_PAGE_TEXTS.loading}
      </p>
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className={clsx(cardClasses, 'space-y-3 p-5')}>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-48 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

function ExportButton({ companyId }: { companyId: string }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const file = await fetchPerformanceExport(companyId);
      saveTextFile(file.filename, file.csv, 'text/csv');
      toast.success(
        file.truncated
          ? `Exported the newest ${postsText(file.rows)}.`
          : `Exported ${postsText(file.rows)}.`,
      );
    } catch (error) {
      if (!isSessionEnded(error)) toast.error(failureText('export results', error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void exportCsv()} loading={busy}>
      {PERFORMANCE_PAGE_TEXTS.export}
    </Button>
  );
}

function Results({ companyId, performance }: { companyId: string; performance: Performance }) {
  const zone = performance.timeZone;
  const { overTime, topPosts, campaigns, heatMap } = performance;
  const series = engagementSeries(overTime.weeks, overTime.period, zone);
  const weeklyPosts = overTime.weeks.reduce((sum, week) => sum + week.posts, 0);
  const heatPosts = heatMap.cells.reduce((sum, cell) => sum + cell.posts, 0);
  const campaignPosts = campaigns.campaigns.reduce((sum, campaign) => sum + campaign.posts, 0);
  const weeklyBasis = basisText(overTime.period, weeklyPosts, zone);
  const heatBasis = basisText(heatMap.period, heatPosts, zone);
  const campaignsBasis = basisText(campaigns.period, campaignPosts, zone);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Section title="Engagement over time" basis={weeklyBasis} className="lg:col-span-2">
        {weeklyPosts === 0 ? (
          <p className="text-sm text-slate-600">No posts with results in these weeks.</p>
        ) : (
          <EngagementChart
            caption={`Engagements per week by platform, ${weeklyBasis}`}
            platforms={series.platforms}
            points={series.points}
          />
        )}
      </Section>
      <Section
        title="Top posts"
        basis={`${periodText(topPosts.period, zone)} · top ${topPosts.posts.length} of ${postsText(performance.resultCount)}, by engagements`}
      >
        <TopPosts companyId={companyId} timeZone={zone} posts={topPosts.posts} />
      </Section>
      <Section title="Campaigns compared" basis={campaignsBasis}>
        <CampaignsChart
          caption={`Engagement rate by campaign, ${campaignsBasis}`}
          campaigns={campaigns.campaigns.map((campaign) => ({
            id: campaign.campaignId,
            name: campaign.campaignName ?? 'A deleted campaign',
            posts: campaign.posts,
            impressions: campaign.impressions,
            engagements: campaign.engagements,
            engagementRate: campaign.engagementRate,
          }))}
        />
      </Section>
      <Section title="When your posts do best" basis={heatBasis} className="lg:col-span-2">
        <HeatMap
          caption={`Engagement rate by weekday and time of day, ${heatBasis}`}
          rows={WEEKDAYS.map((day) => ({ key: day, label: WEEKDAY_NAMES[day].short }))}
          columns={DAY_PARTS.map((part) => ({ key: part, label: DAY_PART_LABELS[part].name }))}
          cell={(day, part) => {
            const found = heatMap.cells.find((cell) => cell.day === day && cell.part === part);
            return {
              posts: found?.posts ?? 0,
              engagementRate: found?.engagementRate ?? null,
            };
          }}
        />
        <p className="mt-2 text-xs text-slate-500">{dayPartsNote(zoneName(zone))}</p>
      </Section>
    </div>
  );
}

/** The best windows per platform: the same advice the campaign's Best times mode follows. */
function BestTimes({ companyId }: { companyId: string }) {
  const { bestTimes, isLoading, failed, retry } = useBestTimes(companyId);
  if (failed) {
    return (
      <RetryAlert tone="warning" onRetry={retry}>
        Failed to load the best times. Please try again.
      </RetryAlert>
    );
  }
  if (isLoading || !bestTimes) return <Skeleton className="h-28 w-full" />;
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {bestTimes.platforms.map((entry) => (
        <BestTimeWindows key={entry.platform} entry={entry} timeZone={bestTimes.timeZone} />
      ))}
    </div>
  );
}

/** /dashboard/company/{companyId}/performance */
export function PerformancePage() {
  const companyId = useRouteCompanyId();
  const { company, error: companyError } = useCompany(companyId);
  const [params, setParams] = useSearchParams();
  const weeks = weeksFrom(params.get('weeks'));
  const { performance, isLoading, isChanging, failed, retry } = usePerformance(companyId, weeks);

  if (companyError) return <CompanyLoadError message={companyError} />;
  const companyName = company?.name ?? 'Company';

  const setWeeks = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (Number(value) === PERFORMANCE_WEEKS_DEFAULT) next.delete('weeks');
        else next.set('weeks', value);
        return next;
      },
      { replace: true },
    );

  const body = () => {
    if (failed) return <RetryAlert onRetry={retry}>{PERFORMANCE_PAGE_TEXTS.loadFailed}</RetryAlert>;
    if (isLoading || !performance || !companyId) return <PerformanceSkeleton />;
    return (
      <div
        className={clsx('space-y-6', isChanging && 'opacity-60')}
        aria-busy={isChanging || undefined}
      >
        {performance.collectionPausedUntil ? (
          <Alert tone="warning">
            {`Reading new results is paused until ${new Date(
              performance.collectionPausedUntil,
            ).toLocaleString('en-US', {
              timeZone: performance.timeZone,
              month: 'short',
              day: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
            })}, ${zoneName(performance.timeZone)}. Publishing goes on as usual.`}
          </Alert>
        ) : null}
        {performance.linkedInResultsUnread ? (
          <Alert>{PERFORMANCE_PAGE_TEXTS.linkedInUnread}</Alert>
        ) : null}
        {performance.resultCount === 0 ? (
          <EmptyState
            headingLevel={2}
            icon={IconChart}
            title={PERFORMANCE_PAGE_TEXTS.emptyTitle}
            description={PERFORMANCE_PAGE_TEXTS.emptyDescription}
          />
        ) : (
          <Results companyId={companyId} performance={performance} />
        )}
        <Section
          title="Best times to post"
          basis={`${postsText(performance.resultCount)} with results so far, in ${zoneName(performance.timeZone)}`}
        >
          {performance.mostlyStartingGuess ? (
            <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
              {PERFORMANCE_TEXTS.startingGuess}
            </p>
          ) : null}
          <BestTimes companyId={companyId} />
        </Section>
      </div>
    );
  };

  return (
    <>
      <title>{`${PERFORMANCE_PAGE_TEXTS.heading} · ${companyName} · Sailpost`}</title>
      <PageHeader
        breadcrumb={
          <Breadcrumb
            items={[
              { label: companyName, path: `/dashboard/company/${companyId ?? ''}` },
              { label: PERFORMANCE_PAGE_TEXTS.heading },
            ]}
          />
        }
        title={PERFORMANCE_PAGE_TEXTS.heading}
        description={company ? `How ${company.name}'s posts did` : undefined}
        actions={
          <>
            <SelectField
              label="Weeks shown"
              className="w-40 [&>label]:sr-only"
              value={String(weeks)}
              onChange={(event) => setWeeks(event.target.value)}
              options={WEEK_CHOICES.map((choice) => ({
                value: String(choice),
                label: `Last ${choice} weeks`,
              }))}
            />
            {companyId ? <ExportButton companyId={companyId} /> : null}
          </>
        }
      />
      {body()}
    </>
  );
}
