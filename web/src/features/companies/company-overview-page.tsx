import { useCompany } from './api/get-company';
import { useCompanyCampaigns } from './api/list-company-campaigns';
import { usePlatformCredentials } from './api/list-platform-credentials';
import { CompanyOverview } from './components/company-overview';
import { CompanyLoadError, CompanyPageSkeleton } from './components/page-states';
import { useRouteCompanyId } from './use-route-company-id';

/** /dashboard/company/{companyId} */
export function CompanyOverviewPage() {
  const companyId = useRouteCompanyId();
  const { company, error } = useCompany(companyId);
  const connectedPlatforms = usePlatformCredentials(company?._id);
  const campaigns = useCompanyCampaigns(company?._id);
  if (company) {
    return (
      <CompanyOverview
        company={company}
        connectedPlatforms={connectedPlatforms}
        campaigns={campaigns}
      />
    );
  }
  if (error) return <CompanyLoadError message={error} />;
  return <CompanyPageSkeleton />;
}
