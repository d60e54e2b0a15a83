import { useCallback } from 'react';
import type { Campaign } from '#shared/contract/campaigns';
import type { CampaignStatus } from '#shared/domain/campaigns';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useCampaignCache } from './campaign-cache';

const route = apiRoute('PATCH /campaigns/{id}/status');

export const setCampaignStatus = (campaignId: string, status: CampaignStatus): Promise<Campaign> =>
  callApi(route, { params: { id: campaignId }, body: { status } });

/** Changes only a campaign's status; its cache takes the answer, its list and overview are read again. */
export const useSetCampaignStatus = () => {
  const { store } = useCampaignCache();
  return useCallback(
    async (campaignId: string, status: CampaignStatus): Promise<Campaign> => {
      const updated = await setCampaignStatus(campaignId, status);
      store(updated);
      return updated;
    },
    [store],
  );
};
