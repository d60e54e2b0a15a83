import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Company, CompanyOverview } from '#shared/contract/companies';
import { useSession } from '../session';
import { companyOverviewKey } from './company-overview';
import { companyKey } from './get-company';
import { companiesKey, withSavedCompany, type CompanyList } from './list-companies';
import { planUsageKey } from './plan-usage';

/**
 * Puts a company as the server answered it into every cache that shows it: the company, its
 * overview and its summary in the user's list (sidebar, cards: the tier badges). What the change
 * can move is read again: after a plan change its plan usage, after an edit the user's list (a
 * rename can move the company in it).
 */
export const useStoreCompany = () => {
  const { mutate } = useSWRConfig();
  const userId = useSession().user?._id;
  return useCallback(
    (company: Company, changed: 'plan' | 'profile') => {
      void mutate(companyKey(company._id), company, { revalidate: false });
      void mutate<CompanyOverview>(
        companyOverviewKey(company._id),
        (overview) => overview && { ...overview, company },
        { revalidate: false },
      );
      if (userId) {
        void mutate<CompanyList>(companiesKey(userId), (list) => withSavedCompany(list, company), {
          revalidate: changed === 'profile',
        });
      }
      if (changed === 'plan') void mutate(planUsageKey(company._id));
    },
    [mutate, userId],
  );
};

/**
 * Reads a company, its overview and the user's list again (the server has news the app did not
 * make).
 */
export const useRefreshCompany = () => {
  const { mutate } = useSWRConfig();
  const userId = useSession().user?._id;
  return useCallback(
    (companyId: string) => {
      void mutate(companyKey(companyId));
      void mutate(companyOverviewKey(companyId));
      if (userId) void mutate(companiesKey(userId));
      void mutate(planUsageKey(companyId));
    },
    [mutate, userId],
  );
};
