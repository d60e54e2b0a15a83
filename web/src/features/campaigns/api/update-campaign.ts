import { useCallback } from 'react';
import type { Campaign, UpdateCampaignBody } from '#shared/contract/campaigns';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useCampaignCache } from './campaign-cache';

const route = apiRoute('PUT /campaigns/{id}');

export const updateCampaign = (campaignId: string, body: UpdateCampaignBody): Promise<Campaign> =>
  callApi(route, { params: { id: campaignId }, body });

/** Saves a campaign's changes into its cache; the company's list and overview are read again. */
export const useUpdateCampaign = () => {
  const { store } = useCampaignCache();
  return useCallback(
    async (campaignId: string, body: UpdateCampaignBody): Promise<Campaign> => {
      const updated = await updateCampaign(campaignId, body);
      store(updated);
      return updated;
    },
    [store],
  );
};
