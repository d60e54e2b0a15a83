import type { ContentList } from '#shared/contract/content';
import { CONTENT_PAGE_SIZE, type VisibleContentStatus } from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { refreshIntervalFor } from '../live-refresh';
import { CONTENT_LIST_KEY } from '#web/lib/api/content-cache';

const route = apiRoute('GET /campaigns/{campaignId}/content');

/** One page of the list: its filters ('' for all) and the cursor the page before answered. */
export interface ContentPage {
  platform: PlatformId | '';
  status: VisibleContentStatus | '';
  cursor?: string;
}

export const contentListKey = (campaignId: string, { platform, status, cursor }: ContentPage) =>
  [CONTENT_LIST_KEY, campaignId, platform, status, cursor ?? ''] as const;

export const fetchContentList = (
  campaignId: string,
  { platform, status, cursor }: ContentPage,
): Promise<ContentList> =>
  callApi(route, {
    params: { campaignId },
    query: {
      limit: CONTENT_PAGE_SIZE,
      ...(platform ? { platform } : {}),
      ...(status ? { status } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });

/**
 * One page of a campaign's generated posts, newest first, and the new posts being written; read
 * again every few seconds while one of them is about to change, every minute otherwise, and when
 * the tab comes back to the front. While another page or filter loads, the last one stays on
 * screen. A failure is said inline, where the list stands (no toast).
 */
export const useContentList = (campaignId: string, page: ContentPage) => {
  const { data, error, isLoading, mutate } = useQuery(
    contentListKey(campaignId, page),
    () => fetchContentList(campaignId, page),
    {
      keepPreviousData: true,
      // Posts change outside this tab too (reviewed in another one, or by text): a tab the owner
      // comes back to reads them again at once.
      revalidateOnFocus: true,
      refreshInterval: (list) => (list ? refreshIntervalFor(list.data, list.generating) : 0),
    },
  );
  return {
    list: data,
    isLoading,
    /**
     * What is shown is another page or filter's, while this one loads for the first time (a
     * page read again in the background is not changing).
     */
    isChanging: isLoading && data !== undefined,
    failed: Boolean(error) && !data,
    retry: () => void mutate(),
  };
};
