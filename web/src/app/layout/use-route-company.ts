import { useMatch } from 'react-router';
import type { CompanySummary } from '#shared/contract/companies';
import { useCompanies } from '#web/lib/api/list-companies';

/** The user's companies, and the one the route's company id points at (if it is one of them). */
export const useRouteCompany = () => {
  const { companies, isLoading } = useCompanies();
  const match = useMatch('/dashboard/company/:companyId/*');
  const companyId = match?.params.companyId;
  const selected: CompanySummary | undefined = companyId
    ? companies.find((company) => company._id === companyId)
    : undefined;
  return { companies, isLoading, selected };
};
