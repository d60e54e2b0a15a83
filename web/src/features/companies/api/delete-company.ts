import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { companyOverviewKey } from '#web/lib/api/company-overview';
import { companiesKey, withoutCompany, type CompanyList } from '#web/lib/api/list-companies';
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
        void mutate<CompanyList>(companiesKey(userId), (list) => withoutCompany(list, companyId), {
          revalidate: true,
        });
      }
      void mutate(companyKey(companyId), undefined, { revalidate: false });
      void mutate(companyOverviewKey(companyId), undefined, { revalidate: false });
    },
    [mutate, userId],
  );
};
