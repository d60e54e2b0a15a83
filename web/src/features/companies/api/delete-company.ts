import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Company } from '#shared/contract/companies';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { companyOverviewKey } from '#web/lib/api/company-overview';
import { companiesKey } from '#web/lib/api/list-companies';
import { useSession } from '#web/lib/session';
import { companyKey } from '#web/lib/api/get-company';

const route = apiRoute('DELETE /companies/{id}');

export const deleteCompany = async (companyId: string): Promise<void> => {
  await callApi(route, { params: { id: companyId } });
};

/** Deletes a company: it leaves the user's list (which is refreshed) and the cache. */
export const useDeleteCompany = () => {
  const { mutate } = useSWRConfig();
  const userId = useSession().user?._id;
  return useCallback(
    async (companyId: string): Promise<void> => {
      await deleteCompany(companyId);
      if (userId) {
        void mutate<Company[]>(
          companiesKey(userId),
          (companies = []) => companies.filter((c) => c._id !== companyId),
          { revalidate: true },
        );
      }
      void mutate(companyKey(companyId), undefined, { revalidate: false });
      void mutate(companyOverviewKey(companyId), undefined, { revalidate: false });
    },
    [mutate, userId],
  );
};
