import type * as z from 'zod';
import type {
  CampaignMediaUpload,
  confirmMediaBody,
  mediaUploadRequestBody,
  updateMediaBody,
} from '#shared/contract/media';
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MEDIA_TYPES,
  CAMPAIGN_TOASTS,
  MAX_CAMPAIGN_MEDIA,
  MEDIA_MESSAGES,
  type CampaignMediaContentType,
} from '#shared/domain/campaigns';
import { PATH_ID_OWNERS } from '#shared/contract/route';
import type { Backoff } from '../core/backoff';
import type { OwnedCampaign } from '../domain/ownership/owned-campaign';
import { CAMPAIGN_NOT_FOUND } from '../domain/ownership/owned-campaign';
import { isConditionFailure } from '../core/db/conditions';
import { campaignEntity } from '../core/db/entities/campaign';
import { mediaAssetEntity, type MediaAssetRecord } from '../core/db/entities/media-asset';
import { CONTENDED, RETRY_NOW, retryOnContention } from '../core/db/contention';
import { lostRace, TransactionCancelled, writeTransaction } from '../core/db/transaction';
import { Invalid, LimitReached, NotFound, Unavailable } from '../core/errors';
import { newTimeOrderedId } from '../core/ids';
import { decodeFileName, encodeFileName } from '../core/storage/file-name-metadata';
import { logger } from '../core/logger';
import { jobStarter } from '../integrations/jobs/provider';
import {
  copyMediaObject,
  deleteMediaObject,
  headMediaObject,
  isChangedObject,
  isMissingObject,
  presignMediaUpload,
  readMediaObjectStart,
} from '../core/storage/media-bucket';
import {
  campaignMediaPrefix,
  campaignUploadPrefix,
  jpegRenditionKey,
  mediaThumbnailKey,
} from '../core/storage/media-keys';
import { SNIFF_BYTES, sniffMediaType } from '#shared/domain/media-sniffing';

/**
 * A campaign's media assets (spec 2 §2, §3, §5), uploaded without passing through the API:
 *
 * 1. `createCampaignMediaUpload`: a presigned POST to `uploads/…/{mediaId}.{ext}` whose signed
 *    policy holds the browser to the declared type (one the campaign takes), 1 byte to 10 MB and
 *    that key; the file's name rides along as the object's metadata, signed too.
 * 2. The browser posts the file straight to S3.
 * 3. `confirmCampaignMedia`: checks what S3 stored — its size, and what its first bytes say it is
 *    (not its name nor the declared type) — copies it to the asset's key under the campaign's
 *    prefix with the true content type, and creates the asset in one transaction with the
 *    campaign's `mediaCount` moving from n < 5 to n + 1. An object that is refused is deleted.
 *    The media id is minted with the upload and named by its key, so a retried confirm finds the
 *    asset it made and answers it again instead of counting twice.
 * 4. For an image, the confirmation starts the media-thumbnail job, which makes the small JPEG the
 *    media grid shows (`thumbnailKey`); until it is made, or if it cannot be, the grid shows the
 *    file itself.
 *
 * Uploads never confirmed expire by the bucket's lifecycle rule on `uploads/`.
 */

/** How long the browser has to start its upload. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;

/** An asset's file never changes under its key (a new file is a new asset). */
const ASSET_CACHE_CONTROL = 'private, max-age=86400, immutable';

/** Transaction attempts when other confirms or deletions of the campaign write at the same time. */
const MAX_ATTEMPTS = 8;

export const MEDIA_TEXTS = {
  limit: MEDIA_MESSAGES.tooMany,
  notThisCampaigns: 'This file was not uploaded for this campaign',
  uploadMissing: 'The uploaded file was not found. Please upload it again.',
  notAllowedContent: MEDIA_MESSAGES.notWhatItSays,
  changed: 'The file changed while it was being checked. Please upload it again.',
  tooLarge: MEDIA_MESSAGES.tooLarge,
  empty: MEDIA_MESSAGES.empty,
  deleted: CAMPAIGN_TOASTS.mediaDeleted,
} as const;

const limitReached = () => new LimitReached('MEDIA_LIMIT_REACHED', MEDIA_TEXTS.limit);
const mediaNotFound = () => new NotFound('MEDIA_NOT_FOUND', PATH_ID_OWNERS.media.message);
const campaignNotFound = () => new NotFound('CAMPAIGN_NOT_FOUND', CAMPAIGN_NOT_FOUND);

/** Jittered exponential backoff: 10 confirms at once all get through within a few rounds. */
const CONFIRM_BACKOFF: Backoff = { stepMs: 20, growth: 'doubling', capMs: 1000, jitter: 'half' };

/** A stored file's extension: its type's usual one (`jpg`, `png`, `gif`, `mp4`, `mpeg`, `mov`). */
const extensionOf = (contentType: CampaignMediaContentType): string =>
  CAMPAIGN_MEDIA_TYPES[contentType].extensions[0].slice(1);

const EXTENSIONS = Object.values(CAMPAIGN_MEDIA_TYPES).map(({ extensions }) =>
  extensions[0].slice(1),
);
/** `{mediaId}.{ext}`: a UUIDv7 (what `newTimeOrderedId` mints) and one of our extensions. */
const UPLOAD_NAME = new RegExp(
  `^([0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\\.(${EXTENSIONS.join('|')})$`,
);

/** The media id an upload key of this campaign names, or null when it is no such key. */
export const uploadMediaId = (
  companyId: string,
  campaignId: string,
  key: string,
): string | null => {
  const prefix = campaignUploadPrefix(companyId, campaignId);
  if (!key.startsWith(prefix)) return null;
  return UPLOAD_NAME.exec(key.slice(prefix.length))?.[1] ?? null;
};

/**
 * A presigned POST for one file of the campaign. A campaign already holding 5 assets gets none;
 * the confirmation counts again (uploads may be under way at once).
 */
export const createCampaignMediaUpload = async (
  { campaign }: OwnedCampaign,
  request: z.output<typeof mediaUploadRequestBody>,
  now: Date = new Date(),
): Promise<CampaignMediaUpload> => {
  if (campaign.mediaCount >= MAX_CAMPAIGN_MEDIA) throw limitReached();
  const key = `${campaignUploadPrefix(campaign.companyId, campaign.campaignId)}${newTimeOrderedId(now.getTime())}.${extensionOf(request.contentType)}`;
  const { url, fields } = await presignMediaUpload({
    key,
    contentType: request.contentType,
    maxBytes: CAMPAIGN_MEDIA_MAX_BYTES,
    expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
    metadata: { 'file-name': encodeFileName(request.fileName) },
  });
  return {
    key,
    url,
    fields,
    maxBytes: CAMPAIGN_MEDIA_MAX_BYTES,
    expiresAt: new Date(now.getTime() + UPLOAD_EXPIRES_SECONDS * 1000).toISOString(),
  };
};

const readAsset = async (
  companyId: string,
  campaignId: string,
  mediaId: string,
): Promise<MediaAssetRecord | null> =>
  (await mediaAssetEntity().get({ companyId, campaignId, mediaId }).go({ consistent: true })).data;

/** The asset of the campaign, or MEDIA_NOT_FOUND. */
export const loadCampaignMedia = async (
  { campaign }: OwnedCampaign,
  mediaId: string,
): Promise<MediaAssetRecord> => {
  const asset = await readAsset(campaign.companyId, campaign.campaignId, mediaId);
  if (!asset) throw mediaNotFound();
  return asset;
};

/** Deletes objects that must not stay; a failure is logged (the lifecycle rule or the campaign's clean-up takes them later). */
const discard = async (...keys: string[]): Promise<void> => {
  const results = await Promise.allSettled(keys.map((key) => deleteMediaObject(key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      logger.error('Could not delete a media object', { key: keys[index], error: result.reason });
    }
  });
};

/** What S3 stored under the upload key, checked; a refused object is deleted. */
const checkUpload = async (
  key: string,
): Promise<{
  contentType: CampaignMediaContentType;
  size: number;
  fileName: string | undefined;
  etag: string | undefined;
}> => {
  const stored = await headMediaObject(key);
  if (!stored) throw new Invalid('MEDIA_UPLOAD_MISSING', MEDIA_TEXTS.uploadMissing);
  const refuse = async (message: string): Promise<never> => {
    await discard(key);
    throw new Invalid('MEDIA_INVALID', message);
  };
  if (stored.size < 1) return refuse(MEDIA_TEXTS.empty);
  if (stored.size > CAMPAIGN_MEDIA_MAX_BYTES) return refuse(MEDIA_TEXTS.tooLarge);
  const contentType = sniffMediaType(await readMediaObjectStart(key, SNIFF_BYTES, stored.etag));
  if (!contentType) return refuse(MEDIA_TEXTS.notAllowedContent);
  return {
    contentType,
    size: stored.size,
    fileName: stored.metadata['file-name'],
    etag: stored.etag,
  };
};

/**
 * Adds the uploaded file to the campaign as a media asset — at most 5 a campaign, however many
 * confirmations run at once: the asset is created in the same transaction that moves the
 * campaign's `mediaCount` from n < 5 to n + 1. A refused file (not a type the campaign takes by
 * its bytes, empty or over 10 MB, or one too many) is deleted; a key that is not this campaign's
 * upload is refused and left alone. Confirming the same key again answers the asset it made.
 */
export const confirmCampaignMedia = async (
  owned: OwnedCampaign,
  body: z.output<typeof confirmMediaBody>,
): Promise<MediaAssetRecord> => {
  const { companyId, campaignId } = owned.campaign;
  const mediaId = uploadMediaId(companyId, campaignId, body.key);
  // Another campaign's (or company's) key is left alone: it is not ours to delete.
  if (!mediaId) throw new Invalid('MEDIA_INVALID', MEDIA_TEXTS.notThisCampaigns);

  const asset = await findOrConfirmUpload(owned, body, mediaId);
  await startThumbnail(asset);
  return asset;
};

const findOrConfirmUpload = async (
  owned: OwnedCampaign,
  body: z.output<typeof confirmMediaBody>,
  mediaId: string,
): Promise<MediaAssetRecord> => {
  const { companyId, campaignId } = owned.campaign;
  const confirmed = await readAsset(companyId, campaignId, mediaId);
  if (confirmed) return confirmed;
  try {
    return await confirmUpload(owned, body, mediaId);
  } catch (error) {
    // Posted again between the check and the copy: neither version is taken.
    if (isChangedObject(error)) throw new Invalid('MEDIA_INVALID', MEDIA_TEXTS.changed);
    const missing =
      isMissingObject(error) || (error instanceof Invalid && error.code === 'MEDIA_UPLOAD_MISSING');
    if (!missing) throw error;
    // Another confirmation of the same upload finished first and took the upload away.
    const made = await readAsset(companyId, campaignId, mediaId);
    if (made) return made;
    throw new Invalid('MEDIA_UPLOAD_MISSING', MEDIA_TEXTS.uploadMissing);
  }
};

const confirmUpload = async (
  owned: OwnedCampaign,
  body: z.output<typeof confirmMediaBody>,
  mediaId: string,
): Promise<MediaAssetRecord> => {
  const { companyId, campaignId } = owned.campaign;
  const uploadKey = body.key;
  const upload = await checkUpload(uploadKey);
  if (owned.campaign.mediaCount >= MAX_CAMPAIGN_MEDIA) {
    await discard(uploadKey);
    throw limitReached();
  }

  const extension = extensionOf(upload.contentType);
  const key = `${campaignMediaPrefix(companyId, campaignId)}${mediaId}.${extension}`;
  const now = new Date().toISOString();
  const record: MediaAssetRecord = {
    companyId,
    campaignId,
    mediaId,
    key,
    type: CAMPAIGN_MEDIA_TYPES[upload.contentType].type,
    contentType: upload.contentType,
    size: upload.size,
    fileName: decodeFileName(upload.fileName, `${mediaId}.${extension}`),
    description: body.description,
    usage: body.usage,
    platforms: body.platforms,
    createdAt: now,
    updatedAt: now,
  };

  // The file is in place before the asset names it; should the asset not be made, the copy goes.
  // Only the version checked above: the presigned POST stays usable for minutes, and a file
  // posted again meanwhile must not slip past the check.
  await copyMediaObject({
    from: uploadKey,
    to: key,
    contentType: upload.contentType,
    cacheControl: ASSET_CACHE_CONTROL,
    ifMatch: upload.etag,
  });
  let asset: MediaAssetRecord;
  try {
    asset = await addAsset(record);
  } catch (error) {
    // One too many, or the campaign is gone: neither file stays.
    if (error instanceof LimitReached || error instanceof NotFound) await discard(key, uploadKey);
    // Never written (the campaign stayed busy): the upload stays for another try.
    else if (error instanceof Unavailable) await discard(key);
    // Otherwise the transaction's outcome is unknown; the copy stays, as the asset may name it.
    throw error;
  }
  // Another confirmation of the same upload got there first (with the file as it was then).
  if (asset.key !== key) await discard(key);
  await discard(uploadKey);
  return asset;
};

/**
 * Starts the media-thumbnail job for an image asset that has no thumbnail yet — again when a
 * confirmation is retried (the job runs once per asset however often it is started). Not starting
 * it fails nothing: the grid shows the file itself.
 */
const startThumbnail = async (asset: MediaAssetRecord): Promise<void> => {
  if (asset.type !== 'image' || asset.thumbnailKey) return;
  const { companyId, campaignId, mediaId } = asset;
  try {
    await (await jobStarter()).start('media-thumbnail', { companyId, campaignId, mediaId });
  } catch (error) {
    logger.error('Could not start media-thumbnail; the grid shows the file itself', {
      companyId,
      campaignId,
      mediaId,
      error,
    });
  }
};

/** Creates the asset and counts it on its campaign, in one transaction; answers the asset. */
const addAsset = async (record: MediaAssetRecord): Promise<MediaAssetRecord> => {
  const { companyId, campaignId, mediaId } = record;
  return retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      backoff: CONFIRM_BACKOFF,
      exhausted: () =>
        new Unavailable(
          'SERVICE_UNAVAILABLE',
          'The campaign is busy with other uploads. Please try again.',
        ),
    },
    async () => {
      const outcome = await writeTransaction(
        { campaign: campaignEntity(), asset: mediaAssetEntity() },
        ({ campaign, asset }) => ({
          asset: asset.create(record).commit(),
          slot: campaign
            .patch({ companyId, campaignId })
            .add({ mediaCount: 1 })
            .where(({ mediaCount }, { lt }) => lt(mediaCount, MAX_CAMPAIGN_MEDIA))
            .commit(),
        }),
      );
      if (outcome.committed) return record;
      if (outcome.failedConditions.has('asset')) {
        // The same upload confirmed at the same moment: answer what that confirmation made.
        const made = await readAsset(companyId, campaignId, mediaId);
        if (made) return made;
      }
      if (outcome.failedConditions.has('slot')) {
        const { data: campaign } = await campaignEntity()
          .get({ companyId, campaignId })
          .go({ consistent: true, attributes: ['mediaCount'] });
        if (!campaign) throw campaignNotFound();
        if (campaign.mediaCount >= MAX_CAMPAIGN_MEDIA) throw limitReached();
        // Room again by now (a removal, or a confirm that failed): take it.
        return CONTENDED;
      }
      if (lostRace(outcome, 'asset')) return CONTENDED;
      throw new TransactionCancelled('Media transaction cancelled', outcome);
    },
  );
};

/** Changes what the owner says of an asset: its description, usage or platforms. */
export const updateCampaignMedia = async (
  owned: OwnedCampaign,
  mediaId: string,
  changes: z.output<typeof updateMediaBody>,
): Promise<MediaAssetRecord> => {
  const asset = await loadCampaignMedia(owned, mediaId);
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as z.output<typeof updateMediaBody>;
  if (Object.keys(set).length === 0) return asset;
  try {
    const { data } = await mediaAssetEntity()
      .patch({ companyId: asset.companyId, campaignId: asset.campaignId, mediaId })
      .set(set)
      .go({ response: 'all_new' });
    return data as MediaAssetRecord;
  } catch (error) {
    // Removed in the meantime.
    if (isConditionFailure(error)) throw mediaNotFound();
    throw error;
  }
};

/**
 * Removes an asset and gives its place back to the campaign's count (one transaction), then its
 * files: the file and, for an image, its thumbnail and JPEG rendition. A second removal finds it gone (404).
 */
export const removeCampaignMediaAsset = async (
  owned: OwnedCampaign,
  mediaId: string,
): Promise<{ message: string }> => {
  const asset = await loadCampaignMedia(owned, mediaId);
  const { companyId, campaignId } = asset;
  let count = true;
  await retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      backoff: CONFIRM_BACKOFF,
      exhausted: () =>
        new Unavailable('SERVICE_UNAVAILABLE', 'The campaign is busy. Please try again.'),
    },
    async () => {
      const outcome = await writeTransaction(
        { campaign: campaignEntity(), media: mediaAssetEntity() },
        ({ campaign, media }) => ({
          asset: media
            .delete({ companyId, campaignId, mediaId })
            .where(({ mediaId: id }, { exists }) => exists(id))
            .commit(),
          count:
            count &&
            campaign
              .patch({ companyId, campaignId })
              .add({ mediaCount: -1 })
              .where(({ mediaCount }, { gt }) => gt(mediaCount, 0))
              .commit(),
        }),
      );
      if (outcome.committed) return;
      if (outcome.failedConditions.has('asset')) throw mediaNotFound();
      if (outcome.failedConditions.has('count')) {
        const { data: campaign } = await campaignEntity()
          .get({ companyId, campaignId })
          .go({ consistent: true, attributes: ['mediaCount'] });
        // Deleted meanwhile: its clean-up removes the asset.
        if (!campaign) throw campaignNotFound();
        logger.warn('The media count was already 0; the asset is removed without it', {
          companyId,
          campaignId,
        });
        count = false;
        return RETRY_NOW;
      }
      if (lostRace(outcome)) return CONTENDED;
      throw new TransactionCancelled('Media removal cancelled', outcome);
    },
  );
  // The thumbnail's key whether or not the asset read above named it: the media-thumbnail job may
  // have recorded it since (had it found the asset gone, it would have deleted it itself).
  const thumbnailKeys =
    asset.type === 'image'
      ? [mediaThumbnailKey(companyId, campaignId, mediaId), jpegRenditionKey(asset.key)]
      : [];
  await discard(
    ...new Set(
      [asset.key, asset.thumbnailKey, ...thumbnailKeys].filter((key): key is string => !!key),
    ),
  );
  return { message: MEDIA_TEXTS.deleted };
};
