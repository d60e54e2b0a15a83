import type { CampaignMediaUpload } from '#shared/contract/media';
import type { CampaignMediaContentType } from '#shared/domain/campaigns';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /campaigns/{campaignId}/media/uploads');

/** A presigned POST for one file of the campaign: where to send it, and the key to confirm. */
export const createMediaUpload = (
  campaignId: string,
  file: File,
  signal?: AbortSignal,
): Promise<CampaignMediaUpload> =>
  callApi(route, {
    params: { campaignId },
    body: {
      fileName: file.name,
      // The drop zone accepted only these types; the API checks again.
      contentType: file.type as CampaignMediaContentType,
      size: file.size,
    },
    signal,
  });
