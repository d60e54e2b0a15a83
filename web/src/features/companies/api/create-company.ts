import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Company, CreateCompanyBody } from '#shared/contract/companies';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { companiesKey, withCreatedCompany, type CompanyList } from '#web/lib/api/list-companies';
import { useSession } from '#web/lib/session';
import { companyKey } from '#web/lib/api/get-company';

const route = apiRoute('POST /companies');

export const createCompany = (body: CreateCompanyBody): Promise<Company> =>
  callApi(route, { body });

/** Creates a company; the new company is cached and the user's list is refreshed. */
export const useCreateCompany = () => {
  const { mutate } = useSWRConfig();
  const userId = useSession().user?._id;
  return useCallback(
    async (body: CreateCompanyBody): Promise<Company> => {
      const created = await createCompany(body);
      void mutate(companyKey(created._id), created, { revalidate: false });
      if (userId) {
        void mutate<CompanyList>(
          companiesKey(userId),
          (list) => withCreatedCompany(list, created),
          { revalidate: true },
        );
      }
      return created;
    },
    [mutate, userId],
  );
};
