import * as z from 'zod';
import { defineJob } from '#functions/core/jobs/define-job';
import { createMediaThumbnail } from '#functions/media/media-thumbnail';

/**
 * Makes the thumbnail the media grid shows for an image asset (functions/media/media-thumbnail.ts).
 * Started by the media confirmation once an image asset exists; the grid shows the file itself
 * until the thumbnail is recorded, and for good when none can be made. Keyed by the asset's id:
 * a second delivery answers `duplicate`, and a second run finds the thumbnail made.
 */
export const handler = defineJob({
  name: 'media-thumbnail',
  event: z.object({
    companyId: z.string().min(1),
    campaignId: z.string().min(1),
    mediaId: z.string().min(1),
  }),
  idempotencyKey: (event) => event.mediaId,
  run: (event, { logger }) => createMediaThumbnail(event, logger),
});
