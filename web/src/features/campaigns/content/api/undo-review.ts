import type { GeneratedContent } from '#shared/contract/content';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useContentWrite } from '#web/lib/api/content-cache';

const route = apiRoute('POST /campaigns/{campaignId}/content/{contentId}/undo');

/** Takes the owner's approval or rejection back: the post as it now is, a draft. */
const undoReview = (campaignId: string, contentId: string): Promise<GeneratedContent> =>
  callApi(route, { params: { campaignId, contentId } });

/** Undoes a review; the campaign's content and the plan usage are read again. */
export const useUndoReview = () => useContentWrite(undoReview);
