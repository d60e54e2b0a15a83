import clsx from 'clsx';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { CAMPAIGN_TEXTS, CAMPAIGN_TOASTS, MEDIA_MESSAGES } from '#shared/domain/campaigns';
import { cardClasses } from '#web/components/card';
import { CompanyLoadError, CompanyPageSkeleton } from '#web/components/company-page-states';
import { IconPhoto } from './components/campaign-icons';
import { track } from '#web/lib/analytics';
import { useCompany } from '#web/lib/api/get-company';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';
import { useCreateCampaign } from './api/create-campaign';
import { PageTour } from '#web/components/tours/page-tour';
import { TourHelpButton } from '#web/components/tours/tour-help-button';
import { CampaignForm } from './components/campaign-form';
import { campaignFormTour } from './campaign-tours';
import { CampaignFormHeader } from './components/campaign-form-header';
import { CreationTabs } from './components/creation-tabs';
import { useConnectedPlatforms } from './connected-platforms';
import { CampaignGenerator } from './generator/campaign-generator';
import { CAMPAIGN_SCREEN_TEXTS } from './messages';
import { createCampaignBodyFrom, newCampaignForm } from './schemas';

type Tab = 'ai' | 'manual';

/** Until the campaign exists, there is nothing to put media in. */
function MediaAfterCreation() {
  return (
    <section aria-labelledby="media-assets-title" className={`${cardClasses} p-5 sm:p-6`}>
      <h2 id="media-assets-title" className="text-base font-semibold text-slate-900">
        Media Assets
      </h2>
      <div className="mt-4 flex items-center gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-4 text-sm text-slate-600">
        <IconPhoto aria-hidden="true" className="size-6 shrink-0 text-slate-400" />
        <p>{MEDIA_MESSAGES.afterCreation}</p>
      </div>
    </section>
  );
}

/**
 * /dashboard/company/{companyId}/campaigns/new: two tabs, 'AI Campaign Generator' (selected: the
 * generator, two columns from 1024 px) and 'Manual Campaign Creation' (the campaign form). Both
 * stay mounted, so a half-written brief or form survives a look at the other tab.
 */
export function NewCampaignPage() {
  const companyId = useRouteCompanyId();
  const navigate = useNavigate();
  const { company, error } = useCompany(companyId);
  const platforms = useConnectedPlatforms(company?._id);
  const createCampaign = useCreateCampaign();
  const [tab, setTab] = useState<Tab>('ai');
  // The dates start from today as the page opens, in the company's zone.
  const [openedAt] = useState(() => new Date());
  // The tour's steps in the form open the manual tab first.
  const tour = useMemo(() => campaignFormTour(() => setTab('manual')), []);

  if (!company) return error ? <CompanyLoadError message={error} /> : <CompanyPageSkeleton />;
  const overview = `/dashboard/company/${company._id}`;
  const list = `${overview}/campaigns`;

  return (
    <div className={clsx('mx-auto', tab === 'ai' ? 'max-w-6xl' : 'max-w-4xl')}>
      <title>{`New campaign · ${company.name} · Sailpost`}</title>
      <CampaignFormHeader
        company={company}
        title="Create Campaign"
        back={{ to: list, label: 'Back to Campaigns' }}
        breadcrumb={[
          { label: company.name, path: overview },
          { label: CAMPAIGN_TEXTS.listHeading, path: list },
          { label: 'New campaign' },
        ]}
        help={<TourHelpButton tour="campaign-form" />}
      />
      <PageTour tour="campaign-form" steps={tour} ready />
      <CreationTabs
        label="How to create the campaign"
        selected={tab}
        onSelect={(id) => setTab(id as Tab)}
        tabs={[
          {
            id: 'ai',
            label: CAMPAIGN_SCREEN_TEXTS.aiTab,
            panel: <CampaignGenerator key={company._id} company={company} campaignsPath={list} />,
          },
          {
            id: 'manual',
            label: CAMPAIGN_SCREEN_TEXTS.manualTab,
            panel: (
              <CampaignForm
                key={company._id}
                companyId={companyId}
                companyTimeZone={company.timeZone}
                defaultValues={newCampaignForm(company.timeZone, openedAt)}
                submitLabel="Create Campaign"
                failurePrefix={CAMPAIGN_TOASTS.createFailed}
                cancelTo={list}
                connectedPlatforms={platforms.connected}
                platformsFailed={platforms.failed}
                retryPlatforms={platforms.retry}
                platformsPath={`${overview}/platforms`}
                media={<MediaAfterCreation />}
                onSubmit={async (values) => {
                  const created = await createCampaign(createCampaignBodyFrom(company._id, values));
                  track('campaign_create', { source: 'manual' });
                  toast.success(CAMPAIGN_TOASTS.created);
                  navigate(`${list}/${created._id}`);
                }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
