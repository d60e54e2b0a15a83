import type { MediaAsset, UpdateMediaBody } from '#shared/contract/media';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('PUT /campaigns/{campaignId}/media/{mediaId}');

/** Changes a media asset's description, usage or platforms. */
export const updateMedia = (
  campaignId: string,
  mediaId: string,
  body: UpdateMediaBody,
): Promise<MediaAsset> => callApi(route, { params: { campaignId, mediaId }, body });
