import type { CompanySummary } from '#shared/contract/companies';
import { AddCompanyLink, CompanyGrid } from '#web/components/company-grid';

interface YourCompaniesProps {
  companies: readonly CompanySummary[];
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
}

/** 'Your Companies': a card per company, or the first-company empty state. */
export function YourCompanies({ companies, isLoading, error, onRetry }: YourCompaniesProps) {
  return (
    <section aria-labelledby="your-companies-title">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="your-companies-title" className="text-lg font-semibold text-slate-900">
          Your Companies
        </h2>
        {companies.length > 0 ? <AddCompanyLink /> : null}
      </div>
      <CompanyGrid companies={companies} isLoading={isLoading} error={error} onRetry={onRetry} />
    </section>
  );
}
