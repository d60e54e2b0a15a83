import { CompanyLoadError, CompanyPageSkeleton } from '#web/components/company-page-states';
import { useCompany } from '#web/lib/api/get-company';
import { usePlatformCredentials } from '#web/lib/api/list-platform-credentials';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';
import { useCompanyCampaigns } from './api/list-company-campaigns';
import { CompanyOverview } from './components/company-overview';
import { useCheckoutReturn } from './use-checkout-return';

/** /dashboard/company/{companyId} */
export function CompanyOverviewPage() {
  const companyId = useRouteCompanyId();
  const { company, error } = useCompany(companyId);
  // The overview fails soft: without the list the card counts none and the activity skips them.
  const { credentials } = usePlatformCredentials(company?._id, {
    failureToast: 'Failed to load platform credentials',
  });
  const campaigns = useCompanyCampaigns(company?._id);
  const checkoutReturn = useCheckoutReturn(companyId);
  if (company) {
    return (
      <CompanyOverview
        company={company}
        connectedPlatforms={credentials}
        campaigns={campaigns}
        checkoutReturn={checkoutReturn}
      />
    );
  }
  if (error) return <CompanyLoadError message={error} />;
  return <CompanyPageSkeleton />;
}
