import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CampaignList as CampaignListAnswer } from '#shared/contract/campaigns';
import {
  CAMPAIGN_TEXTS,
  DEFAULT_CAMPAIGN_LIST_LIMIT,
  MAX_CAMPAIGN_LIST_SKIP,
} from '#shared/domain/campaigns';
import { Breadcrumb } from '#web/components/breadcrumb';
import { buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { CompanyLoadError } from '#web/components/company-page-states';
import { EmptyState } from '#web/components/empty-state';
import { IconMegaphone, IconPlus } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { PageTour } from '#web/components/tours/page-tour';
import { TourHelpButton } from '#web/components/tours/tour-help-button';
import { RetryAlert } from '#web/components/retry-alert';
import { Pager } from '#web/components/pager';
import { Skeleton } from '#web/components/skeleton';
import { useCompany } from '#web/lib/api/get-company';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';
import { useCampaignList, type CampaignPage } from './api/list-campaigns';
import { CampaignList } from './components/campaign-list';
import { CAMPAIGNS_EMPTY_TOUR, CAMPAIGNS_WITH_DATA_TOUR } from './campaign-tours';
import { useDeleteCampaignFlow } from './use-delete-campaign-flow';

const LIMIT = DEFAULT_CAMPAIGN_LIST_LIMIT;

/** `?page=3` → 3; anything else is the first page. */
const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function ListSkeleton() {
  return (
    <div className={clsx(cardClasses, 'p-5')}>
      <p role="status" className="sr-only">
        Loading campaigns
      </p>
      <div aria-hidden="true" className="space-y-4">
        <Skeleton className="h-4 w-full max-w-md" />
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="flex items-center gap-4">
            <Skeleton className="h-5 flex-1" />
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="hidden h-5 w-24 sm:block" />
            <Skeleton className="hidden h-5 w-28 sm:block" />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Which page to read: `skip`/`limit` as the spec has them; a page reached with Next also sends the
 * cursor the page before gave (the API reads it directly, and skip has a ceiling).
 */
const usePaging = () => {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const cursors = useRef(new Map<number, string>());
  const skip = (page - 1) * LIMIT;
  const cursor = page > 1 ? cursors.current.get(page) : undefined;
  const query: CampaignPage = {
    skip: Math.min(skip, MAX_CAMPAIGN_LIST_SKIP),
    limit: LIMIT,
    cursor,
  };
  const reachable = (target: number) =>
    target === 1 || cursors.current.has(target) || (target - 1) * LIMIT <= MAX_CAMPAIGN_LIST_SKIP;
  const goTo = (target: number, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (target <= 1) next.delete('page');
        else next.set('page', String(target));
        return next;
      },
      { replace },
    );
  const learn = (list: CampaignListAnswer | undefined) => {
    if (list?.nextCursor) cursors.current.set(page + 1, list.nextCursor);
  };
  return { page, skip, query, reachable, goTo, learn };
};

/** /dashboard/company/{companyId}/campaigns */
export function CampaignsPage() {
  const companyId = useRouteCompanyId();
  const { company, error: companyError } = useCompany(companyId);
  const paging = usePaging();
  // A deep link past what skip reaches, with no cursor known, starts over.
  const { page, goTo } = paging;
  const reachable = paging.reachable(page);
  const { list, isLoading, isPaging, failed, retry } = useCampaignList(
    reachable ? companyId : undefined,
    paging.query,
  );
  const deleteFlow = useDeleteCampaignFlow(companyId ?? '');
  const base = `/dashboard/company/${companyId ?? ''}/campaigns`;
  const current = list && !isPaging ? list : undefined;
  paging.learn(current);

  useEffect(() => {
    if (!reachable) goTo(1, true);
  }, [reachable, goTo]);

  // Past the last page (a deep link, or the last campaign of the last page deleted): the last one.
  const pastEnd = current && current.data.length === 0 && current.total > 0 && page > 1;
  useEffect(() => {
    if (pastEnd) goTo(Math.max(1, Math.ceil(current.total / LIMIT)), true);
  }, [pastEnd, current, goTo]);

  if (companyError) return <CompanyLoadError message={companyError} />;
  const companyName = company?.name ?? 'Company';
  const newCampaign = `${base}/new`;
  // Which tour the page teaches depends on whether the company has any campaign yet.
  const tour =
    list && !isLoading ? (list.total > 0 ? 'campaigns-with-data' : 'campaigns-empty') : undefined;

  const body = () => {
    if (failed) {
      return <RetryAlert onRetry={retry}>{CAMPAIGN_TEXTS.loadListFailed}</RetryAlert>;
    }
    if (!list || isLoading) return <ListSkeleton />;
    if (list.total === 0 && list.data.length === 0 && page === 1) {
      return (
        <div data-tour="campaigns-empty">
          <EmptyState
            headingLevel={2}
            icon={IconMegaphone}
            title={CAMPAIGN_TEXTS.empty}
            description="A campaign tells Sailpost what to post about, where and when."
            action={
              <Link to={newCampaign} className={buttonClasses()}>
                <IconPlus aria-hidden="true" className="size-4" />
                {CAMPAIGN_TEXTS.createFirst}
              </Link>
            }
          />
        </div>
      );
    }
    const shown = list.data.length;
    // The page shown: the one asked for, or the one before while it loads.
    const shownSkip = isPaging ? list.skip : paging.skip;
    const hasNext =
      shownSkip + shown < list.total && (Boolean(list.nextCursor) || paging.reachable(page + 1));
    return (
      <div
        aria-busy={isPaging || undefined}
        className={clsx(isPaging && 'opacity-60')}
        data-tour="campaign-list"
      >
        <CampaignList
          companyName={companyName}
          campaigns={list.data}
          base={base}
          onDelete={(campaign) => deleteFlow.ask(campaign._id)}
        />
        <Pager
          skip={shownSkip}
          shown={shown}
          total={list.total}
          hasPrevious={page > 1}
          hasNext={hasNext}
          busy={isPaging}
          onPrevious={() => goTo(page - 1)}
          onNext={() => goTo(page + 1)}
        />
      </div>
    );
  };

  return (
    <>
      <title>{`${CAMPAIGN_TEXTS.listHeading} · ${companyName} · Sailpost`}</title>
      <PageHeader
        breadcrumb={
          <Breadcrumb
            items={[
              { label: companyName, path: `/dashboard/company/${companyId ?? ''}` },
              { label: CAMPAIGN_TEXTS.listHeading },
            ]}
          />
        }
        title={CAMPAIGN_TEXTS.listHeading}
        description={company ? `Campaigns for ${company.name}` : undefined}
        help={<TourHelpButton tour={tour} />}
        actions={
          <Link to={newCampaign} className={buttonClasses()} data-tour="new-campaign">
            <IconPlus aria-hidden="true" className="size-4" />
            {CAMPAIGN_TEXTS.newCampaign}
          </Link>
        }
      />
      {body()}
      {deleteFlow.dialog}
      <PageTour
        tour={tour}
        steps={tour === 'campaigns-with-data' ? CAMPAIGNS_WITH_DATA_TOUR : CAMPAIGNS_EMPTY_TOUR}
        ready={!!company && !!list && !isLoading && !isPaging && !failed}
      />
    </>
  );
}
