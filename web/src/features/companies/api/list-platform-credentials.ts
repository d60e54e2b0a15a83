import toast from 'react-hot-toast';
import type { PlatformCredential } from '#shared/contract/platforms';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { isSessionEnded } from '#web/lib/error-text';
import { useQuery } from '#web/lib/query';

const route = apiRoute('GET /companies/{companyId}/platform-credentials');

export const platformCredentialsKey = (companyId: string) =>
  ['platform-credentials', companyId] as const;

export const fetchPlatformCredentials = (companyId: string): Promise<PlatformCredential[]> =>
  callApi(route, { params: { companyId } });

const NONE: readonly PlatformCredential[] = [];

/** A company's connected social accounts; an empty list on failure, with a toast. */
export const usePlatformCredentials = (companyId: string | undefined) =>
  useQuery(
    companyId ? platformCredentialsKey(companyId) : null,
    () => fetchPlatformCredentials(companyId!),
    {
      onError: (failure: unknown) => {
        if (!isSessionEnded(failure))
          toast.error('Failed to load platform connections', { id: 'platforms-load-failed' });
      },
    },
  ).data ?? NONE;
