import { useCallback } from 'react';
import type { FreeSlots, GeneratedContent, MoveContentBody } from '#shared/contract/content';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { useContentCache } from './content-cache';

const slotsRoute = apiRoute('GET /campaigns/{campaignId}/content/{contentId}/slots');
const moveRoute = apiRoute('POST /campaigns/{campaignId}/content/{contentId}/schedule');

export const freeSlotsKey = (campaignId: string, contentId: string) =>
  ['content-free-slots', campaignId, contentId] as const;

/** A scheduled post's next free slots, read when the Move dialog opens (never cached for long). */
export const useFreeSlots = (campaignId: string, contentId: string | null) =>
  useQuery(
    contentId ? freeSlotsKey(campaignId, contentId) : null,
    (): Promise<FreeSlots> =>
      callApi(slotsRoute, { params: { campaignId, contentId: contentId! } }),
    { revalidateOnMount: true, dedupingInterval: 0 },
  );

/** Moves a scheduled post to a free slot, or publishes it now; the content list is read again. */
export const useMoveContent = () => {
  const { refreshContent } = useContentCache();
  return useCallback(
    async (
      campaignId: string,
      companyId: string,
      contentId: string,
      body: MoveContentBody,
    ): Promise<GeneratedContent> => {
      const moved = await callApi(moveRoute, { params: { campaignId, contentId }, body });
      refreshContent(campaignId, companyId);
      return moved;
    },
    [refreshContent],
  );
};
