import toast from 'react-hot-toast';
import type { PlatformCredential } from '#shared/contract/platforms';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { isSessionEnded } from '../error-text';
import { useQuery } from '../query';

const route = apiRoute('GET /companies/{companyId}/platform-credentials');

export const platformCredentialsKey = (companyId: string) =>
  ['platform-credentials', companyId] as const;

export const fetchPlatformCredentials = (companyId: string): Promise<PlatformCredential[]> =>
  callApi(route, { params: { companyId } });

const NONE: readonly PlatformCredential[] = [];

export interface PlatformCredentialsState {
  /** The company's connected accounts; [] while loading and after a failure (fails soft). */
  credentials: readonly PlatformCredential[];
  isLoading: boolean;
  /** Whether the last read failed with nothing loaded before. */
  failed: boolean;
  retry: () => void;
}

/**
 * A company's connected social accounts (the overview and the Platforms screen). A failure
 * toasts `failureToast` once, whichever screens read the list.
 */
export const usePlatformCredentials = (
  companyId: string | undefined,
  { failureToast }: { failureToast: string },
): PlatformCredentialsState => {
  const { data, error, isLoading, mutate } = useQuery(
    companyId ? platformCredentialsKey(companyId) : null,
    () => fetchPlatformCredentials(companyId!),
    {
      onError: (failure: unknown) => {
        if (!isSessionEnded(failure)) toast.error(failureToast, { id: 'platforms-load-failed' });
      },
    },
  );
  return {
    credentials: data ?? NONE,
    isLoading,
    failed: Boolean(error) && !data,
    retry: () => void mutate(),
  };
};
