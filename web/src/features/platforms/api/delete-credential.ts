import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { PlatformCredential } from '#shared/contract/platforms';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { platformCredentialsKey } from '#web/lib/api/list-platform-credentials';

const route = apiRoute('DELETE /companies/{companyId}/platform-credentials/{credentialId}');

export const deleteCredential = async (companyId: string, credentialId: string): Promise<void> => {
  await callApi(route, { params: { companyId, credentialId } });
};

/** Disconnects an account: it leaves the company's list at once, which is then read again. */
export const useDeleteCredential = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (companyId: string, credentialId: string): Promise<void> => {
      await deleteCredential(companyId, credentialId);
      void mutate<PlatformCredential[]>(
        platformCredentialsKey(companyId),
        (credentials = []) => credentials.filter((credential) => credential._id !== credentialId),
        { revalidate: true },
      );
    },
    [mutate],
  );
};
