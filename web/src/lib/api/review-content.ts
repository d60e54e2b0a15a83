import type { ReviewContentBody, ReviewedContent } from '#shared/contract/content';
import { track } from '#web/lib/analytics';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useContentWrite } from './content-cache';

const route = apiRoute('POST /campaigns/{campaignId}/content/{contentId}/approve');

/**
 * Approves, rejects or asks for changes; an AI revision answers a generation to poll. An
 * approval or rejection the server accepted is measured (every screen's review comes here).
 */
export const reviewContent = async (
  campaignId: string,
  contentId: string,
  body: ReviewContentBody,
): Promise<ReviewedContent> => {
  const reviewed = await callApi(route, { params: { campaignId, contentId }, body });
  const { platform } = reviewed.content.metadata.params;
  if (body.status === 'approved') track('content_approve', { platform, via: 'app' });
  else if (body.status === 'rejected') track('content_reject', { platform, via: 'app' });
  return reviewed;
};

/** Reviews a post; the campaign's content list and the company's plan usage are read again. */
export const useReviewContent = () => useContentWrite(reviewContent);
