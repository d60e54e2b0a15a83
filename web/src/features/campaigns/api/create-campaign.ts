import { useCallback } from 'react';
import type { Campaign, CreateCampaignBody } from '#shared/contract/campaigns';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useCampaignCache } from './campaign-cache';

const route = apiRoute('POST /campaigns');

export const createCampaign = (body: CreateCampaignBody): Promise<Campaign> =>
  callApi(route, { body });

/** Creates a campaign; it is cached, and the company's list and overview are read again. */
export const useCreateCampaign = () => {
  const { store } = useCampaignCache();
  return useCallback(
    async (body: CreateCampaignBody): Promise<Campaign> => {
      const created = await createCampaign(body);
      store(created);
      return created;
    },
    [store],
  );
};
