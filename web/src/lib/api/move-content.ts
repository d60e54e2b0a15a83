import type { FreeSlots, GeneratedContent, MoveContentBody } from '#shared/contract/content';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { useContentWrite } from './content-cache';

const slotsRoute = apiRoute('GET /campaigns/{campaignId}/content/{contentId}/slots');
const moveRoute = apiRoute('POST /campaigns/{campaignId}/content/{contentId}/schedule');

export const freeSlotsKey = (campaignId: string, contentId: string) =>
  ['content-free-slots', campaignId, contentId] as const;

/** A scheduled post's next free slots of its campaign, soonest first. */
export const fetchFreeSlots = (campaignId: string, contentId: string): Promise<FreeSlots> =>
  callApi(slotsRoute, { params: { campaignId, contentId } });

/** A scheduled post's next free slots, read when the Move dialog opens (never cached for long). */
export const useFreeSlots = (campaignId: string, contentId: string | null) =>
  useQuery(
    contentId ? freeSlotsKey(campaignId, contentId) : null,
    () => fetchFreeSlots(campaignId, contentId!),
    { revalidateOnMount: true, dedupingInterval: 0 },
  );

export const moveContent = (
  campaignId: string,
  contentId: string,
  body: MoveContentBody,
): Promise<GeneratedContent> => callApi(moveRoute, { params: { campaignId, contentId }, body });

/** Moves a scheduled post to a free slot, or publishes it now; the content list is read again. */
export const useMoveContent = () => useContentWrite(moveContent);
