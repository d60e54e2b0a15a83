import type { AttachmentUpload } from '#shared/contract/support';
import type { SupportAttachmentContentType } from '#shared/domain/support';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /support/attachments');

/** A presigned POST for one file to attach, and the id the message will name it by. */
export const createAttachmentUpload = (
  file: File,
  signal?: AbortSignal,
): Promise<AttachmentUpload> =>
  callApi(route, {
    body: {
      fileName: file.name,
      // The drop zone accepted only these types; the API checks again.
      contentType: file.type as SupportAttachmentContentType,
      size: file.size,
    },
    signal,
  });
