import type { Campaign } from '#shared/contract/campaigns';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { isSessionEnded } from '#web/lib/error-text';
import { useQuery } from '#web/lib/query';
import { campaignKey } from './campaign-cache';

const route = apiRoute('GET /campaigns/{id}');

export const fetchCampaign = (campaignId: string): Promise<Campaign> =>
  callApi(route, { params: { id: campaignId } });

/**
 * Media links are presigned for at least an hour from a read: a campaign left open is read again
 * well before they expire.
 */
export const CAMPAIGN_REFRESH_MS = 30 * 60 * 1000;

/**
 * One campaign with its media. `onFailure` says what a screen does when it cannot be read (the
 * detail page says so where it stands; the edit form goes back to the list); a lost session
 * already went to /login.
 */
export const useCampaign = (
  campaignId: string | undefined,
  { onFailure }: { onFailure: (error: unknown) => void },
) => {
  const { data, error, isLoading } = useQuery(
    campaignId ? campaignKey(campaignId) : null,
    () => fetchCampaign(campaignId!),
    {
      refreshInterval: CAMPAIGN_REFRESH_MS,
      shouldRetryOnError: false,
      onError: (failure: unknown) => {
        if (!isSessionEnded(failure)) onFailure(failure);
      },
    },
  );
  return { campaign: data, isLoading, failed: Boolean(error) && !data };
};
