import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Company, CompanyOverview, UpdateCompanyBody } from '#shared/contract/companies';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { companyOverviewKey } from '#web/lib/api/company-overview';
import { companiesKey, withSavedCompany, type CompanyList } from '#web/lib/api/list-companies';
import { useSession } from '#web/lib/session';
import { companyKey } from '#web/lib/api/get-company';

const route = apiRoute('PUT /companies/{id}');

export const updateCompany = (companyId: string, body: UpdateCompanyBody): Promise<Company> =>
  callApi(route, { params: { id: companyId }, body });

/** Saves a company's changes into its caches (the company, its overview) and the user's list, which is refreshed. */
export const useUpdateCompany = () => {
  const { mutate } = useSWRConfig();
  const userId = useSession().user?._id;
  return useCallback(
    async (companyId: string, body: UpdateCompanyBody): Promise<Company> => {
      const updated = await updateCompany(companyId, body);
      void mutate(companyKey(companyId), updated, { revalidate: false });
      void mutate<CompanyOverview>(
        companyOverviewKey(companyId),
        (overview) => overview && { ...overview, company: updated },
        { revalidate: false },
      );
      if (userId) {
        void mutate<CompanyList>(companiesKey(userId), (list) => withSavedCompany(list, updated), {
          revalidate: true,
        });
      }
      return updated;
    },
    [mutate, userId],
  );
};
