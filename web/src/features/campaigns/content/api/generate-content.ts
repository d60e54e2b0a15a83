import type { GenerateContentBody } from '#shared/contract/content';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useContentWrite } from '#web/lib/api/content-cache';

const route = apiRoute('POST /campaigns/{campaignId}/generate');

/** Starts the AI writing one post; poll GET /ai/generations/{generationId}. */
export const generateContent = (
  campaignId: string,
  body: GenerateContentBody,
): Promise<{ generationId: string }> => callApi(route, { params: { campaignId }, body });

/**
 * Starts a generation; the plan usage (one generation fewer today) and the content list are read
 * again. The list is read again when the generation finishes too (`refreshContent`).
 */
export const useGenerateContent = () => useContentWrite(generateContent);
