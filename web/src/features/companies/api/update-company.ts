import { useCallback } from 'react';
import type { Company, UpdateCompanyBody } from '#shared/contract/companies';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useStoreCompany } from '#web/lib/api/store-company';

const route = apiRoute('PUT /companies/{id}');

export const updateCompany = (companyId: string, body: UpdateCompanyBody): Promise<Company> =>
  callApi(route, { params: { id: companyId }, body });

/** Saves a company's changes, then puts the saved company into every cache that shows it. */
export const useUpdateCompany = () => {
  const storeCompany = useStoreCompany();
  return useCallback(
    async (companyId: string, body: UpdateCompanyBody): Promise<Company> => {
      const updated = await updateCompany(companyId, body);
      storeCompany(updated, 'profile');
      return updated;
    },
    [storeCompany],
  );
};
