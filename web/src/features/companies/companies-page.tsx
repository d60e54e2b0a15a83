import { Breadcrumb } from '#web/components/breadcrumb';
import { AddCompanyLink, CompanyGrid } from '#web/components/company-grid';
import { PageHeader } from '#web/components/page-header';
import { useCompanies } from '#web/lib/api/list-companies';

/**
 * The companies list view: /dashboard/companies, and also /dashboard/company/{companyId}/content
 * and /analytics until content and analytics have screens of their own.
 */
export function CompaniesPage() {
  const { companies, isLoading, error, retry } = useCompanies();
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
