import { useCallback, useMemo } from 'react';
import toast from 'react-hot-toast';
import { useSWRConfig } from 'swr';
import {
  INTRO_TIER_LIMIT_MESSAGE,
  type Company,
  type CreateCompanyBody,
  type UpdateCompanyBody,
} from '#shared/contract/companies';
import { contract } from '#shared/contract/manifest';
import { callApi, errorMessage } from '#web/lib/api-client';
import { useSession } from '#web/features/auth/session-provider';
import { companiesKey, companyKey } from './keys';
import { COMPANY_MESSAGES } from './messages';

/** The toast for a failed create (spec 1 §8): the intro-tier limit is explained; else a retry hint. */
export const createFailureToast = (message: string): string =>
  /intro tier/i.test(message) ? INTRO_TIER_LIMIT_MESSAGE : COMPANY_MESSAGES.createFailedToast;

export interface CompanyMutations {
  /** Throws the ApiError (its message: the server's, else 'Failed to create company'). */
  createCompany: (body: CreateCompanyBody) => Promise<Company>;
  updateCompany: (companyId: string | undefined, body: UpdateCompanyBody) => Promise<Company>;
  deleteCompany: (companyId: string | undefined) => Promise<void>;
}

/** Create, update and delete; each refreshes the companies list and the company's own cache. */
export const useCompanyMutations = (): CompanyMutations => {
  const { mutate } = useSWRConfig();
  const { user } = useSession();
  const userId = user?._id;

  const refreshList = useCallback(
    (change: (companies: Company[]) => Company[]) => {
      if (!userId) return;
      void mutate<Company[]>(companiesKey(userId), (current) => change(current ?? []), {
        revalidate: true,
      });
    },
    [mutate, userId],
  );

  const createCompany = useCallback<CompanyMutations['createCompany']>(
    async (body) => {
      try {
        const created = await callApi(contract.companies.create, {
          body,
          fallbackMessage: COMPANY_MESSAGES.createFailed,
        });
        void mutate(companyKey(created._id), created, { revalidate: false });
        refreshList((companies) => [...companies.filter((c) => c._id !== created._id), created]);
        return created;
      } catch (error) {
        toast.error(createFailureToast(errorMessage(error, COMPANY_MESSAGES.createFailed)));
        throw error;
      }
    },
    [mutate, refreshList],
  );

  const updateCompany = useCallback<CompanyMutations['updateCompany']>(
    async (companyId, body) => {
      if (!companyId) throw new Error(COMPANY_MESSAGES.idRequired);
      const updated = await callApi(contract.companies.update, {
        params: { id: companyId },
        body,
        fallbackMessage: COMPANY_MESSAGES.updateFailed,
      });
      void mutate(companyKey(companyId), updated, { revalidate: false });
      refreshList((companies) => companies.map((c) => (c._id === companyId ? updated : c)));
      return updated;
    },
    [mutate, refreshList],
  );

  const deleteCompany = useCallback<CompanyMutations['deleteCompany']>(
    async (companyId) => {
      if (!companyId) throw new Error(COMPANY_MESSAGES.idRequired);
      await callApi(contract.companies.remove, {
        params: { id: companyId },
        fallbackMessage: COMPANY_MESSAGES.deleteFailed,
      });
      refreshList((companies) => companies.filter((c) => c._id !== companyId));
      void mutate(companyKey(companyId), undefined, { revalidate: false });
    },
    [mutate, refreshList],
  );

  return useMemo(
    () => ({ createCompany, updateCompany, deleteCompany }),
    [createCompany, updateCompany, deleteCompany],
  );
};
