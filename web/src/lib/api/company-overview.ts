import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { Company, CompanyOverview } from '#shared/contract/companies';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { failureText, isSessionEnded } from '../error-text';
import { useQuery } from '../query';
import { LOAD_COMPANY_FAILED } from './get-company';
import { companyOverviewKey, useCachedCompany } from './company-keys';

const route = apiRoute('GET /companies/{companyId}/overview');

export { companyOverviewKey };

export const fetchCompanyOverview = (companyId: string): Promise<CompanyOverview> =>
  callApi(route, { params: { companyId } });

export interface CompanyOverviewState {
  /** The company: the overview's, or one cached by another read until the overview has come. */
  company: Company | undefined;
  /** Campaign counts, Recent Activity and connected platforms; undefined while loading. */
  overview: CompanyOverview | undefined;
  /** The inline failure text after a failure with nothing to show, else null. */
  error: string | null;
}

/**
 * The company overview in one call (GET /companies/{companyId}/overview): the company, its
 * campaign counts, Recent Activity and connected platforms. The company paints at once when a
 * page before has read it (GET /companies/{id}); the list's summaries are not whole companies. A failure is the company failing to load: it toasts
 * 'Failed to load company: {message}' and goes to /dashboard.
 */
export const useCompanyOverview = (companyId: string | undefined): CompanyOverviewState => {
  const navigate = useNavigate();
  const cached = useCachedCompany(companyId);
  const { data, error } = useQuery(
    companyId ? companyOverviewKey(companyId) : null,
    () => fetchCompanyOverview(companyId!),
    {
      shouldRetryOnError: false,
      onError: (failure: unknown) => {
        if (isSessionEnded(failure)) return;
        toast.error(failureText('load company', failure), { id: 'company-load-failed' });
        navigate('/dashboard', { replace: true });
      },
    },
  );
  const company = data?.company ?? cached;
  return {
    company,
    overview: data,
    error: error && !company ? LOAD_COMPANY_FAILED : null,
  };
};
