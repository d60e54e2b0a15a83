import type { MediaUpload } from '#shared/contract/platforms';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /companies/{companyId}/platform-media');

/** A presigned POST for one file of a post: where to send it, and the key the post will name. */
export const createMediaUpload = (
  companyId: string,
  platform: ConnectablePlatform,
  file: File,
  signal?: AbortSignal,
): Promise<MediaUpload> =>
  callApi(route, {
    params: { companyId },
    body: { platform, fileName: file.name, contentType: file.type, size: file.size },
    signal,
  });
