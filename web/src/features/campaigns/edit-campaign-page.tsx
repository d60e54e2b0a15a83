import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { CAMPAIGN_TEXTS, CAMPAIGN_TOASTS } from '#shared/domain/campaigns';
import { CompanyLoadError, CompanyPageSkeleton } from '#web/components/company-page-states';
import { useCompany } from '#web/lib/api/get-company';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';
import { useCampaign } from './api/get-campaign';
import { useUpdateCampaign } from './api/update-campaign';
import { PageTour } from '#web/components/tours/page-tour';
import { TourHelpButton } from '#web/components/tours/tour-help-button';
import { CampaignForm } from './components/campaign-form';
import { campaignFormTour } from './campaign-tours';
import { CampaignFormHeader } from './components/campaign-form-header';
import { CampaignMedia } from './components/campaign-media';
import { useConnectedPlatforms } from './connected-platforms';
import { withServerMessage } from './failure-text';
import { campaignBodyFrom, campaignFormFrom } from './schemas';

const EDIT_CAMPAIGN_TOUR = campaignFormTour();

/**
 * /dashboard/company/{companyId}/campaigns/{campaignId}/edit: the creation form, filled in, with
 * the campaign's media (which save as they change). A campaign that cannot be loaded says
 * 'Failed to load campaign: {message}' and goes back to the list.
 */
export function EditCampaignPage() {
  const companyId = useRouteCompanyId();
  const { campaignId } = useParams();
  const navigate = useNavigate();
  const list = `/dashboard/company/${companyId ?? ''}/campaigns`;
  const { company, error } = useCompany(companyId);
  const platforms = useConnectedPlatforms(company?._id);
  const { campaign } = useCampaign(campaignId, {
    onFailure: (failure) => {
      toast.error(withServerMessage(CAMPAIGN_TOASTS.loadFailed, failure), {
        id: 'campaign-load-failed',
      });
      navigate(list, { replace: true });
    },
  });
  const updateCampaign = useUpdateCampaign();

  if (error) return <CompanyLoadError message={error} />;
  if (!company || !campaign) return <CompanyPageSkeleton label="Loading campaign" />;
  const overview = `/dashboard/company/${company._id}`;
  const detail = `${list}/${campaign._id}`;

  return (
    <div className="mx-auto max-w-4xl">
      <title>{`Edit ${campaign.name} · Sailpost`}</title>
      <CampaignFormHeader
        company={company}
        title="Edit Campaign"
        back={{ to: detail, label: `Back to ${campaign.name}` }}
        breadcrumb={[
          { label: company.name, path: overview },
          { label: CAMPAIGN_TEXTS.listHeading, path: list },
          { label: campaign.name, path: detail },
          { label: 'Edit' },
        ]}
        help={<TourHelpButton tour="campaign-form" />}
      />
      <PageTour tour="campaign-form" steps={EDIT_CAMPAIGN_TOUR} ready />
      <CampaignForm
        key={campaign._id}
        companyId={companyId}
        companyTimeZone={company.timeZone}
        defaultValues={campaignFormFrom(campaign)}
        submitLabel="Save Campaign"
        failurePrefix={CAMPAIGN_TOASTS.updateFailed}
        cancelTo={detail}
        connectedPlatforms={platforms.connected}
        platformsFailed={platforms.failed}
        retryPlatforms={platforms.retry}
        platformsPath={`${overview}/platforms`}
        media={<CampaignMedia campaign={campaign} note="Changes to media are saved at once." />}
        onSubmit={async (values) => {
          await updateCampaign(campaign._id, campaignBodyFrom(values));
          toast.success(CAMPAIGN_TOASTS.updated);
          navigate(detail);
        }}
      />
    </div>
  );
}
