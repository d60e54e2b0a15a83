import clsx from 'clsx';
import { lazy, Suspense, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import type { Campaign } from '#shared/contract/campaigns';
import { CAMPAIGN_TEXTS, CAMPAIGN_TOASTS } from '#shared/domain/campaigns';
import { Alert } from '#web/components/alert';
import { Breadcrumb } from '#web/components/breadcrumb';
import { Button, buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { CompanyLoadError } from '#web/components/company-page-states';
import { IconArrowLeft, IconClock, IconPencil, IconTrash } from '#web/components/icons';
import { Skeleton } from '#web/components/skeleton';
import { useCompany } from '#web/lib/api/get-company';
import { importWithTimeout } from '#web/lib/lazy-import';
import { PageTour } from '#web/components/tours/page-tour';
import { TourHelpButton } from '#web/components/tours/tour-help-button';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';
import { useCampaign } from './api/get-campaign';
import { isoDay, longDate, scheduleSentence } from './campaign-format';
import { IconCalendar } from './components/campaign-icons';
import { CampaignMedia } from './components/campaign-media';
import { CAMPAIGN_DETAILS_TOUR } from './campaign-tours';
import { PlatformChips } from './components/platform-chips';
import { StatusBadge } from './components/status-badge';
import { INTENTION_LABELS } from './messages';
import { useDeleteCampaignFlow } from './use-delete-campaign-flow';

// The Content section brings twitter-text (X's way of counting): loaded apart, so the campaign's
// details and media paint first.
const ContentSection = lazy(() =>
  importWithTimeout(() => import('./content/content-section')).then((module) => ({
    default: module.ContentSection,
  })),
);

function ContentSkeleton() {
  return (
    <div className={clsx(cardClasses, 'p-5 sm:p-6')}>
      <p role="status" className="sr-only">
        Loading content
      </p>
      <Skeleton className="h-5 w-32" />
      <Skeleton className="mt-2 h-4 w-72 max-w-full" />
      <Skeleton className="mt-6 h-24 w-full" />
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading campaign
      </p>
      <div aria-hidden="true">
        <Skeleton className="h-4 w-64" />
        <Skeleton className="mt-6 h-9 w-80 max-w-full" />
        <Skeleton className="mt-3 h-4 w-full max-w-xl" />
        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
          <div className={clsx(cardClasses, 'h-56')} />
          <div className={clsx(cardClasses, 'h-56')} />
        </div>
        <div className={clsx(cardClasses, 'mt-6 h-48')} />
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0 sm:grid sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 sm:mt-0">{children}</dd>
    </div>
  );
}

function Details({ campaign }: { campaign: Campaign }) {
  const zone = campaign.schedule.timeZone;
  return (
    <section aria-labelledby="details-title" className={clsx(cardClasses, 'p-5 sm:p-6')}>
      <h2 id="details-title" className="text-base font-semibold text-slate-900">
        Details
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">
        <Fact label="Dates">
          <span className="inline-flex items-center gap-2">
            <IconCalendar aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span>
              <time dateTime={isoDay(campaign.startDate, zone)}>
                {longDate(campaign.startDate, zone)}
              </time>
              {' – '}
              <time dateTime={isoDay(campaign.endDate, zone)}>
                {longDate(campaign.endDate, zone)}
              </time>
            </span>
          </span>
        </Fact>
        <Fact label="Status">
          <StatusBadge status={campaign.status} />
        </Fact>
        <Fact label="Intention">{INTENTION_LABELS[campaign.campaignIntention]}</Fact>
        <Fact label="Platforms">
          <PlatformChips platforms={campaign.platforms} />
        </Fact>
        <Fact label="Schedule">
          <span className="inline-flex items-start gap-2">
            <IconClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            {scheduleSentence(campaign.schedule)}
          </span>
        </Fact>
      </dl>
    </section>
  );
}

function ContentSeeds({ campaign }: { campaign: Campaign }) {
  const { brandVoice, keyMessages, contentInstructions } = campaign.contentSeeds;
  const empty = (text: string) => <span className="text-slate-500">{text}</span>;
  return (
    <section aria-labelledby="seeds-title" className={clsx(cardClasses, 'p-5 sm:p-6')}>
      <h2 id="seeds-title" className="text-base font-semibold text-slate-900">
        Content Seeds
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">
        <Fact label="Brand Voice">
          <span className="whitespace-pre-line">{brandVoice || empty('No brand voice')}</span>
        </Fact>
        <Fact label="Key Messages">
          {keyMessages.length ? (
            <ul className="list-disc space-y-1 pl-5">
              {keyMessages.map((message, index) => (
                <li key={`${index}-${message}`}>{message}</li>
              ))}
            </ul>
          ) : (
            empty('No key messages')
          )}
        </Fact>
        <Fact label="Instructions">
          <span className="whitespace-pre-line">
            {contentInstructions || empty('No content instructions')}
          </span>
        </Fact>
      </dl>
    </section>
  );
}

/** /dashboard/company/{companyId}/campaigns/{campaignId} */
export function CampaignDetailPage() {
  const companyId = useRouteCompanyId();
  const { campaignId } = useParams();
  const navigate = useNavigate();
  const { company, error: companyError } = useCompany(companyId);
  const overview = `/dashboard/company/${companyId ?? ''}`;
  const list = `${overview}/campaigns`;
  const { campaign, failed } = useCampaign(campaignId, {
    onFailure: () =>
      toast.error(CAMPAIGN_TOASTS.loadDetailsFailed, { id: 'campaign-details-failed' }),
  });
  const deleteFlow = useDeleteCampaignFlow(companyId ?? '', () => navigate(list));

  if (companyError) return <CompanyLoadError message={companyError} />;
  const companyName = company?.name ?? 'Company';
  const trail = [
    { label: companyName, path: overview },
    { label: CAMPAIGN_TEXTS.listHeading, path: list },
  ];

  if (failed) {
    return (
      <>
        <title>{`Campaign · ${companyName} · Sailpost`}</title>
        <div className="mb-6">
          <Breadcrumb items={[...trail, { label: 'Campaign' }]} />
        </div>
        <Alert
          tone="danger"
          action={
            <Link to={list} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              <IconArrowLeft aria-hidden="true" className="size-4" />
              {CAMPAIGN_TEXTS.backToCampaigns}
            </Link>
          }
        >
          {CAMPAIGN_TEXTS.loadDetailsFailed}
        </Alert>
      </>
    );
  }
  if (!campaign) return <DetailSkeleton />;

  return (
    <>
      <title>{`${campaign.name} · ${companyName} · Sailpost`}</title>
      <header className="mb-8">
        <Breadcrumb items={[...trail, { label: campaign.name }]} />
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
                {campaign.name}
              </h1>
              <StatusBadge status={campaign.status} size="md" />
              <TourHelpButton tour="campaign-details" />
            </div>
            <p
              className={clsx(
                'mt-2 max-w-3xl text-base leading-7',
                campaign.description ? 'text-slate-600' : 'text-slate-500',
              )}
            >
              {campaign.description || 'No description'}
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Link
              to={`${list}/${campaign._id}/edit`}
              className={buttonClasses({ variant: 'secondary' })}
              data-tour="campaign-edit"
            >
              <IconPencil aria-hidden="true" className="size-4" />
              Edit
            </Link>
            <Button variant="danger-ghost" onClick={() => deleteFlow.ask(campaign._id)}>
              <IconTrash aria-hidden="true" className="size-4" />
              Delete
            </Button>
          </div>
        </div>
      </header>

      <div className="space-y-6">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Details campaign={campaign} />
          <ContentSeeds campaign={campaign} />
        </div>
        <CampaignMedia campaign={campaign} />
        <Suspense fallback={<ContentSkeleton />}>
          <ContentSection campaign={campaign} companyName={companyName} />
        </Suspense>
      </div>
      {deleteFlow.dialog}
      <PageTour tour="campaign-details" steps={CAMPAIGN_DETAILS_TOUR} ready />
    </>
  );
}
