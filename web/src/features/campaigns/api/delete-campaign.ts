import { useCallback } from 'react';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useCampaignCache } from './campaign-cache';

const route = apiRoute('DELETE /campaigns/{id}');

export const deleteCampaign = async (campaignId: string): Promise<void> => {
  await callApi(route, { params: { id: campaignId } });
};

/** Deletes a campaign (its media go with it); the company's list and overview are read again. */
export const useDeleteCampaign = () => {
  const { forget } = useCampaignCache();
  return useCallback(
    async (campaignId: string, companyId: string): Promise<void> => {
      await deleteCampaign(campaignId);
      forget(campaignId, companyId);
    },
    [forget],
  );
};
