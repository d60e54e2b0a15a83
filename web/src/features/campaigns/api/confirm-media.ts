import type { ConfirmMediaBody, MediaAsset } from '#shared/contract/media';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /campaigns/{campaignId}/media');

/** Adds an uploaded file (by its key) to the campaign as a media asset. */
export const confirmMedia = (
  campaignId: string,
  body: ConfirmMediaBody,
  signal?: AbortSignal,
): Promise<MediaAsset> => callApi(route, { params: { campaignId }, body, signal });
