import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { Company } from '#shared/contract/companies';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useCompanies } from '#web/lib/api/list-companies';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { useQuery } from '#web/lib/query';
import { COMPANY_MESSAGES } from '../messages';

const route = apiRoute('GET /companies/{id}');

export const companyKey = (companyId: string) => ['company', companyId] as const;

export const fetchCompany = (companyId: string): Promise<Company> =>
  callApi(route, { params: { id: companyId } });

export interface CompanyState {
  company: Company | undefined;
  isLoading: boolean;
  /** The inline failure text after a failure, else null. */
  error: string | null;
}

/**
 * One company. It paints at once from the companies list when that is loaded, then refreshes.
 * A failure toasts 'Failed to load company: {message}' and goes to /dashboard.
 */
export const useCompany = (companyId: string | undefined): CompanyState => {
  const navigate = useNavigate();
  const { companies } = useCompanies();
  const { data, error, isLoading } = useQuery(
    companyId ? companyKey(companyId) : null,
    () => fetchCompany(companyId!),
    {
      fallbackData: companies.find((company) => company._id === companyId),
      shouldRetryOnError: false,
      onError: (failure: unknown) => {
        if (isSessionEnded(failure)) return;
        toast.error(failureText('load company', failure), { id: 'company-load-failed' });
        navigate('/dashboard', { replace: true });
      },
    },
  );
  return {
    company: data,
    isLoading: isLoading && !data,
    error: error && !data ? COMPANY_MESSAGES.loadFailedInline : null,
  };
};
