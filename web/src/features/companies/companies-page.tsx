import { PageHeader } from '#web/components/page-header';
import { Breadcrumb } from '#web/components/breadcrumb';
import { useSession } from '../auth/session-provider';
import { useCompanies } from './api/use-companies';
import { AddCompanyLink, CompanyGrid } from './components/company-grid';

/**
 * The companies list view: /dashboard/companies, and (spec 1 §2) also
 * /dashboard/company/{companyId}/content and /analytics.
 */
export function CompaniesPage() {
  const { user } = useSession();
  const { companies, isLoading, error, retry } = useCompanies(user?._id);
  return (
    <>
      <title>Companies · Sailpost</title>
      <PageHeader
        breadcrumb={<Breadcrumb items={[{ label: 'Companies' }]} />}
        title="Companies"
        description="Each company has its own brand, platforms, campaigns and plan."
        actions={companies.length > 0 ? <AddCompanyLink size="md" /> : null}
      />
      <CompanyGrid companies={companies} isLoading={isLoading} error={error} onRetry={retry} />
    </>
  );
}
