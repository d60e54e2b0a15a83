import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('DELETE /campaigns/{campaignId}/media/{mediaId}');

/** Removes a media asset and its file. */
export const deleteMedia = async (campaignId: string, mediaId: string): Promise<void> => {
  await callApi(route, { params: { campaignId, mediaId } });
};
