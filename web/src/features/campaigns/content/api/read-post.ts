import type { GeneratedContent } from '#shared/contract/content';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { refreshIntervalFor } from '../live-refresh';
import { CONTENT_POST_KEY } from '#web/lib/api/content-cache';

const route = apiRoute('GET /campaigns/{campaignId}/content/{contentId}');

export const postKey = (campaignId: string, contentId: string) =>
  [CONTENT_POST_KEY, campaignId, contentId] as const;

/**
 * One post of the campaign as it is now, read again as often as it may change: every few seconds
 * while it is publishing or due within the hour, every minute otherwise, and when the tab comes
 * back to the front.
 */
export const usePost = (campaignId: string, contentId: string) =>
  useQuery(
    postKey(campaignId, contentId),
    (): Promise<GeneratedContent> => callApi(route, { params: { campaignId, contentId } }),
    {
      revalidateOnFocus: true,
      refreshInterval: (post) => (post ? refreshIntervalFor([post], []) : 0),
    },
  );
