import toast from 'react-hot-toast';
import type { Company } from '#shared/contract/companies';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { failureText, isSessionEnded } from '../error-text';
import { useQuery } from '../query';
import { useSession } from '../session';

const route = apiRoute('GET /companies/user/{userId}');

export const companiesKey = (userId: string) => ['companies', userId] as const;

export const fetchCompanies = async (userId: string): Promise<Company[]> =>
  (await callApi(route, { params: { userId } })).data;

const EMPTY: readonly Company[] = [];

export const LOAD_COMPANIES_FAILED = 'Failed to load companies. Please try again.';

export interface CompaniesState {
  /** The user's companies; [] while loading and when loading failed (fails soft). */
  companies: readonly Company[];
  isLoading: boolean;
  /** The inline failure text after a failure, else null. */
  error: string | null;
  retry: () => void;
}

/**
 * The signed-in user's companies (the sidebar, the dashboard and the companies screens): loaded
 * once per user and not refetched on its own; the company mutations refresh it.
 */
export const useCompanies = (): CompaniesState => {
  const userId = useSession().user?._id;
  const { data, error, isLoading, mutate } = useQuery(
    userId ? companiesKey(userId) : null,
    () => fetchCompanies(userId!),
    {
      revalidateIfStale: false,
      revalidateOnReconnect: false,
      onError: (failure: unknown) => {
        if (isSessionEnded(failure)) return;
        // One toast however many screens (and the retry) report the same failure.
        toast.error(failureText('load companies', failure), { id: 'companies-load-failed' });
      },
    },
  );
  return {
    companies: data ?? EMPTY,
    isLoading,
    error: error && !data ? LOAD_COMPANIES_FAILED : null,
    retry: () => void mutate(),
  };
};
