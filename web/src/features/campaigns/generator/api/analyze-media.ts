import type { AnalyzeMediaBody, MediaAnalysis } from '#shared/contract/ai';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /ai/analyze-media');

/** Describes an image (sent as a scaled-down data URL); nothing is stored. */
export const analyzeMedia = (
  body: AnalyzeMediaBody,
  signal?: AbortSignal,
): Promise<MediaAnalysis> => callApi(route, { body, signal });
