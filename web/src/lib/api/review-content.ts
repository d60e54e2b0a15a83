import type { ReviewContentBody, ReviewedContent } from '#shared/contract/content';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useContentWrite } from './content-cache';

const route = apiRoute('POST /campaigns/{campaignId}/content/{contentId}/approve');

/** Approves, rejects or asks for changes; an AI revision answers a generation to poll. */
export const reviewContent = (
  campaignId: string,
  contentId: string,
  body: ReviewContentBody,
): Promise<ReviewedContent> => callApi(route, { params: { campaignId, contentId }, body });

/** Reviews a post; the campaign's content list and the company's plan usage are read again. */
export const useReviewContent = () => useContentWrite(reviewContent);
