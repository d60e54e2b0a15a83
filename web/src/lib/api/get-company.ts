import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { Company } from '#shared/contract/companies';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { failureText, isSessionEnded } from '../error-text';
import { useQuery } from '../query';
import { companyKey, useCachedCompany } from './company-keys';

const route = apiRoute('GET /companies/{id}');

/** The inline text of a company page whose company could not be loaded. */
export const LOAD_COMPANY_FAILED = 'Failed to load company. Please try again.';

export { companyKey };

export const fetchCompany = (companyId: string): Promise<Company> =>
  callApi(route, { params: { id: companyId } });

export interface CompanyState {
  company: Company | undefined;
  isLoading: boolean;
  /** The inline failure text after a failure, else null. */
  error: string | null;
}

/**
 * One company (every company page: overview, edit, platforms). It paints at once from the
 * company's overview when that is cached (the page the owner came from), then refreshes. A failure toasts
 * 'Failed to load company: {message}' and goes to /dashboard.
 */
export const useCompany = (companyId: string | undefined): CompanyState => {
  const navigate = useNavigate();
  const cached = useCachedCompany(companyId);
  const { data, error, isLoading } = useQuery(
    companyId ? companyKey(companyId) : null,
    () => fetchCompany(companyId!),
    {
      fallbackData: cached,
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
    error: error && !data ? LOAD_COMPANY_FAILED : null,
  };
};
