import { useCompany } from './api/use-company';
import { useCompanyActivity } from './api/use-company-activity';
import { CompanyOverview } from './components/company-overview';
import { CompanyLoadError, CompanyPageSkeleton } from './components/page-states';
import { useRouteCompanyId } from './use-route-company-id';

/** /dashboard/company/{companyId} */
export function CompanyOverviewPage() {
  const companyId = useRouteCompanyId();
  const { company, error } = useCompany(companyId);
  const { connectedPlatforms, campaigns } = useCompanyActivity(company?._id);
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
