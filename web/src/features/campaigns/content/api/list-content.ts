import type { ContentList } from '#shared/contract/content';
import { CONTENT_PAGE_SIZE, type VisibleContentStatus } from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
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
 * One page of a campaign's generated posts, newest first. While another page or filter loads,
 * the last one stays on screen. A failure is said inline, where the list stands (no toast).
 */
export const useContentList = (campaignId: string, page: ContentPage) => {
  const { data, error, isLoading, isValidating, mutate } = useQuery(
    contentListKey(campaignId, page),
    () => fetchContentList(campaignId, page),
    { keepPreviousData: true },
  );
  return {
    list: data,
    isLoading,
    /** Something other than what is shown is loading (another page or filter). */
    isChanging: isValidating && data !== undefined,
    failed: Boolean(error) && !data,
    retry: () => void mutate(),
  };
};
