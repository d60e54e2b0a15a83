import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { CampaignHistory } from '#shared/contract/ai';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';

const route = apiRoute('GET /ai/companies/{companyId}/campaign-history');

export const campaignHistoryKey = (companyId: string) =>
  ['ai-campaign-history', companyId] as const;

export const fetchCampaignHistory = (companyId: string): Promise<CampaignHistory> =>
  callApi(route, { params: { companyId } });

/**
 * The company's newest generation history (its versions oldest first). The generator keeps it up
 * to date in the cache as its generations move on, so coming back to the page shows it at once
 * while the server's copy is read again.
 */
export const useCampaignHistory = (companyId: string) => {
  const { data, error, mutate } = useQuery(campaignHistoryKey(companyId), () =>
    fetchCampaignHistory(companyId),
  );
  /** Changes the cached history without reading it again. */
  const change = useCallback(
    (update: (history: CampaignHistory | undefined) => CampaignHistory | undefined) =>
      void mutate(update, { revalidate: false }),
    [mutate],
  );
  const retry = useCallback(() => void mutate(), [mutate]);
  return { history: data, failed: Boolean(error) && !data, change, retry };
};

/**
 * After 'Use This Campaign': the version names the campaign made of it at once (coming back to
 * the generator offers Open campaign before the server has answered again), or, when the server
 * refused because another tab made it first, the history is read again to learn which campaign.
 */
export const useCampaignHistoryCache = (companyId: string) => {
  const { mutate } = useSWRConfig();
  const markAdopted = useCallback(
    (versionId: string, campaignId: string) =>
      void mutate<CampaignHistory>(
        campaignHistoryKey(companyId),
        (history) =>
          history && {
            ...history,
            versions: history.versions.map((version) =>
              version._id === versionId ? { ...version, adoptedCampaignId: campaignId } : version,
            ),
          },
        { revalidate: false },
      ),
    [mutate, companyId],
  );
  const refresh = useCallback(() => mutate(campaignHistoryKey(companyId)), [mutate, companyId]);
  return { markAdopted, refresh };
};
