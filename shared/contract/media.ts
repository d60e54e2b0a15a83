import * as z from 'zod';
import {
  CAMPAIGN_MEDIA_CONTENT_TYPES,
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MEDIA_MAX_SIZE_TEXT,
  MAX_CAMPAIGN_MEDIA,
  MEDIA_DESCRIPTION_MAX,
  MEDIA_MESSAGES,
  MEDIA_TYPES,
  MEDIA_USAGES,
} from '../domain/campaigns';
import { PLATFORM_IDS } from '../domain/tiers';
import { bodyErrors, optionalText, text } from './fields';
import { presignedUploadSchema, type PresignedUpload } from './presigned-upload';
import { defineRoute } from './route';

/* ----- What the API answers ----- */

/** One image or video of a campaign. */
export const mediaAssetSchema = z.object({
  _id: z.string(),
  type: z.enum(MEDIA_TYPES),
  /** A short-lived presigned GET of the file (expires within the hour: read the campaign again). */
  url: z.string(),
  /** A smaller preview when one exists (none yet). */
  thumbnailUrl: z.string().nullable(),
  description: z.string(),
  usage: z.enum(MEDIA_USAGES),
  /** The platforms the asset is meant for. */
  platforms: z.array(z.enum(PLATFORM_IDS)),
  fileName: z.string(),
  contentType: z.enum(CAMPAIGN_MEDIA_CONTENT_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
});
export type MediaAsset = z.infer<typeof mediaAssetSchema>;

/* ----- Field builders and bodies ----- */

export const mediaDescription = () => optionalText('Description', MEDIA_DESCRIPTION_MAX);
export const mediaUsage = () =>
  z.enum(MEDIA_USAGES, { error: 'Usage must be primary, secondary or reference' });
export const mediaPlatforms = () =>
  z
    .array(z.enum(PLATFORM_IDS, { error: 'Choose platforms from the list' }), {
      error: 'Platforms must be a list',
    })
    .max(PLATFORM_IDS.length, 'Choose platforms from the list')
    .transform((platforms) => [...new Set(platforms)]);

export const mediaUploadRequestBody = z.strictObject(
  {
    fileName: text('File name', 'File name is required', 255),
    contentType: z.enum(CAMPAIGN_MEDIA_CONTENT_TYPES, { error: MEDIA_MESSAGES.typeNotAllowed }),
    size: z
      .number({ error: 'Size must be a number of bytes' })
      .int('Size must be a number of bytes')
      .positive(MEDIA_MESSAGES.empty)
      .max(CAMPAIGN_MEDIA_MAX_BYTES, MEDIA_MESSAGES.tooLarge),
  },
  bodyErrors(),
);
export type MediaUploadRequestBody = z.input<typeof mediaUploadRequestBody>;

/**
 * Its key is the one to confirm with (`uploads/companies/{companyId}/campaigns/{campaignId}/…`):
 * confirming copies the file to the campaign's prefix; an upload never confirmed expires.
 */
const mediaUploadSchema = presignedUploadSchema;
export type CampaignMediaUpload = PresignedUpload;

export const confirmMediaBody = z.strictObject(
  {
    key: text('Media key', 'Media key is required', 512),
    description: mediaDescription().default(''),
    usage: mediaUsage().default('primary'),
    platforms: mediaPlatforms().default([]),
  },
  bodyErrors(),
);
export type ConfirmMediaBody = z.input<typeof confirmMediaBody>;

export const updateMediaBody = z.strictObject(
  {
    description: mediaDescription().optional(),
    usage: mediaUsage().optional(),
    platforms: mediaPlatforms().optional(),
  },
  bodyErrors('These fields cannot be changed'),
);
export type UpdateMediaBody = z.input<typeof updateMediaBody>;

export const mediaRoutes = {
  createUpload: defineRoute({
    method: 'POST',
    path: '/campaigns/{campaignId}/media/uploads',
    owners: { campaignId: 'campaign' },
    group: 'media',
    access: 'user',
    summary: `A presigned POST for one file of the campaign (S3 holds it to the type and ${CAMPAIGN_MEDIA_MAX_SIZE_TEXT}); then confirm it`,
    body: mediaUploadRequestBody,
    response: mediaUploadSchema,
    successStatus: 201,
    errors: [
      'CAMPAIGN_NOT_FOUND',
      'MEDIA_LIMIT_REACHED',
      'MEDIA_TYPE_NOT_ALLOWED',
      'MEDIA_TOO_LARGE',
    ],
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/campaigns/{campaignId}/media',
    owners: { campaignId: 'campaign' },
    group: 'media',
    access: 'user',
    summary: `Adds an uploaded file to the campaign as a media asset (at most ${MAX_CAMPAIGN_MEDIA} a campaign)`,
    body: confirmMediaBody,
    response: mediaAssetSchema,
    successStatus: 201,
    errors: ['CAMPAIGN_NOT_FOUND', 'MEDIA_UPLOAD_MISSING', 'MEDIA_INVALID', 'MEDIA_LIMIT_REACHED'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/campaigns/{campaignId}/media/{mediaId}',
    owners: { campaignId: 'campaign', mediaId: 'media' },
    group: 'media',
    access: 'user',
    summary: "Changes a media asset's description, usage or platforms",
    body: updateMediaBody,
    response: mediaAssetSchema,
    errors: ['CAMPAIGN_NOT_FOUND', 'MEDIA_NOT_FOUND'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/campaigns/{campaignId}/media/{mediaId}',
    owners: { campaignId: 'campaign', mediaId: 'media' },
    group: 'media',
    access: 'user',
    summary: 'Removes a media asset and its file',
    response: z.object({ message: z.string() }),
    errors: ['CAMPAIGN_NOT_FOUND', 'MEDIA_NOT_FOUND'],
  }),
} as const;
