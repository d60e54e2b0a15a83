import { useCallback } from 'react';
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
