import { Breadcrumb } from '#web/components/breadcrumb';
import { Button } from '#web/components/button';
import { AddCompanyLink, CompanyGrid } from '#web/components/company-grid';
import { PageHeader } from '#web/components/page-header';
import { useCompanies } from '#web/lib/api/list-companies';

/**
 * The companies list view: /dashboard/companies, and also /dashboard/company/{companyId}/content
 * and /analytics until content and analytics have screens of their own. Every company is loaded
 * at once; an owner with more than a thousand gets the rest with 'Load more companies'.
 */
export function CompaniesPage() {
  const { companies, total, isLoading, error, retry, hasMore, isLoadingMore, loadMore } =
    useCompanies();
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
      {hasMore && !isLoading && !error ? (
        <div className="mt-6 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            {`Showing ${companies.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} companies`}
          </p>
          <Button variant="secondary" onClick={() => void loadMore()} loading={isLoadingMore}>
            {isLoadingMore ? 'Loading companies…' : 'Load more companies'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
