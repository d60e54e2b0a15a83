import toast from 'react-hot-toast';
import useSWR from 'swr';
import type { Company } from '#shared/contract/companies';
import { callApiLazily } from '#web/lib/lazy-api';
import { companiesKey } from './keys';
import { COMPANY_MESSAGES, isSessionEnded, messageOf } from './messages';

const EMPTY: readonly Company[] = [];

export interface CompaniesState {
  /** The user's companies; [] while loading and when loading failed (fails soft). */
  companies: readonly Company[];
  isLoading: boolean;
  /** 'Failed to load companies. Please try again.' after a failure, else null. */
  error: string | null;
  retry: () => void;
}

export const fetchCompanies = async (userId: string): Promise<Company[]> => {
  const { data } = await callApiLazily((contract) => contract.companies.listForUser, {
    params: { userId },
    fallbackMessage: 'Failed to load companies',
  });
  return data;
};

/**
 * The signed-in user's companies (GET /companies/user/{userId}): loaded once per user, retried
 * once, never refetched on focus; only the company mutations refresh it. Skipped without a user id.
 */
export const useCompanies = (userId: string | undefined): CompaniesState => {
  const { data, error, isLoading, mutate } = useSWR(
    userId ? companiesKey(userId) : null,
    ([, id]) => fetchCompanies(id),
    {
      revalidateIfStale: false,
      revalidateOnReconnect: false,
      onError: (failure: unknown) => {
        if (isSessionEnded(failure)) return;
        // One toast however many screens (and the retry) report the same failure.
        toast.error(COMPANY_MESSAGES.loadListFailedToast(messageOf(failure, 'Unknown error')), {
          id: 'companies-load-failed',
        });
      },
    },
  );
  return {
    companies: data ?? EMPTY,
    isLoading,
    error: error && !data ? COMPANY_MESSAGES.loadListFailedInline : null,
    retry: () => void mutate(),
  };
};
