import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import type { Company } from '#shared/contract/companies';
import { callApiLazily } from '#web/lib/lazy-api';
import { useSession } from '#web/features/auth/session-provider';
import { companyKey } from './keys';
import { COMPANY_MESSAGES, isSessionEnded, messageOf } from './messages';
import { useCompanies } from './use-companies';

export const fetchCompany = async (companyId: string | undefined): Promise<Company> => {
  if (!companyId) throw new Error(COMPANY_MESSAGES.idRequired);
  return callApiLazily((contract) => contract.companies.get, {
    params: { id: companyId },
    fallbackMessage: 'Failed to load company',
  });
};

export interface CompanyState {
  company: Company | undefined;
  isLoading: boolean;
  /** 'Failed to load company. Please try again.' after a failure, else null. */
  error: string | null;
}

/**
 * One company (GET /companies/{id}). It paints at once from the companies list when that is
 * loaded, then refreshes. A failure toasts 'Failed to load company: {message}' and goes to
 * /dashboard.
 */
export const useCompany = (companyId: string | undefined): CompanyState => {
  const navigate = useNavigate();
  const { user } = useSession();
  const { companies } = useCompanies(user?._id);
  const { data, error, isLoading } = useSWR(
    companyId ? companyKey(companyId) : null,
    ([, id]) => fetchCompany(id),
    {
      fallbackData: companies.find((company) => company._id === companyId),
      shouldRetryOnError: false,
      onError: (failure: unknown) => {
        if (isSessionEnded(failure)) return;
        toast.error(COMPANY_MESSAGES.loadFailedToast(messageOf(failure, 'Unknown error')), {
          id: 'company-load-failed',
        });
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
