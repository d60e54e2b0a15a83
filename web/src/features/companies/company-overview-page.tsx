import { CompanyLoadError, CompanyPageSkeleton } from '#web/components/company-page-states';
import { useCompanyOverview } from '#web/lib/api/company-overview';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';
import { CompanyOverview } from './components/company-overview';
import { useAdoptBrowserTimeZone } from './use-adopt-browser-time-zone';
import { useCheckoutReturn } from './use-checkout-return';

/**
 * /dashboard/company/{companyId}: the company, its campaign counts, Recent Activity and connected
 * platforms, all from one call (GET /companies/{companyId}/overview). A company without a chosen
 * time zone takes the browser's here.
 */
export function CompanyOverviewPage() {
  const companyId = useRouteCompanyId();
  const { company, overview, error } = useCompanyOverview(companyId);
  const checkoutReturn = useCheckoutReturn(companyId);
  useAdoptBrowserTimeZone(company);
  if (company) {
    return (
      <CompanyOverview company={company} overview={overview} checkoutReturn={checkoutReturn} />
    );
  }
  if (error) return <CompanyLoadError message={error} />;
  return <CompanyPageSkeleton />;
}
