import type { Logger } from '@aws-lambda-powertools/logger';
import { CAMPAIGN_MEDIA_MAX_BYTES } from '#shared/domain/campaigns';
import { companyStillOpen } from '../domain/ownership/owned-company';
import { campaignEntity } from '../core/db/entities/campaign';
import { companyEntity } from '../core/db/entities/company';
import { mediaAssetEntity } from '../core/db/entities/media-asset';
import type { Backoff } from '../core/backoff';
import { CONTENDED, retryOnContention } from '../core/db/contention';
import { lostRace, TransactionCancelled, writeTransaction } from '../core/db/transaction';
import {
  deleteMediaObject,
  isMissingObject,
  putMediaObject,
  readMediaObject,
} from '../core/storage/media-bucket';
import {
  campaignMediaPrefix,
  jpegRenditionKey,
  mediaThumbnailKey,
} from '../core/storage/media-keys';
import { hasJpegRendition, writeJpegRendition } from './jpeg-rendition';
import { makeThumbnail, THUMBNAIL_CONTENT_TYPE, UnusableImage } from './thumbnail-image';

/** A thumbnail never changes under its key (it is made again only from the same, immutable file). */
const THUMBNAIL_CACHE_CONTROL = 'private, max-age=86400, immutable';
/** Attempts of the final write while other writes of the same items contend with it. */
const MAX_ATTEMPTS = 5;
const RECORD_BACKOFF: Backoff = { stepMs: 50, growth: 'doubling', capMs: 1000, jitter: 'half' };

export type ThumbnailOutcome =
  | { thumbnail: 'made'; key: string; width: number; height: number }
  /** Made by an earlier run: nothing to do. */
  | { thumbnail: 'exists'; key: string }
  /** The asset (or its campaign or company) is gone: nothing to make, nothing left behind. */
  | { thumbnail: 'gone' }
  /** A video: thumbnails are made of images only. */
  | { thumbnail: 'not-an-image' }
  /** Corrupt, of no size its header states, or too large to decode: the grid shows the file. */
  | { thumbnail: 'unusable'; reason: string };

export interface ThumbnailTarget {
  companyId: string;
  campaignId: string;
  mediaId: string;
}

/**
 * Records the thumbnail on its asset — in one transaction with checks that the campaign is still
 * there and the company not deleted. The clean-ups of a deleted campaign or company delete every
 * object under its prefix, then its items; they only start once the campaign is gone or the
 * company marked deleted. So either this write commits before that, and the clean-up (which
 * starts later) finds the thumbnail written before it, or it fails, and the caller deletes the
 * thumbnail itself. Answers whether the thumbnail is recorded.
 */
const recordThumbnail = async (
  { companyId, campaignId, mediaId }: ThumbnailTarget,
  thumbnailKey: string,
): Promise<boolean> =>
  retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      backoff: RECORD_BACKOFF,
      exhausted: 'Could not record the thumbnail: its asset stayed contended',
    },
    async () => {
      const outcome = await writeTransaction(
        { assets: mediaAssetEntity(), campaigns: campaignEntity(), companies: companyEntity() },
        ({ assets, campaigns, companies }) => ({
          // A patch only updates an item that exists.
          asset: assets.patch({ companyId, campaignId, mediaId }).set({ thumbnailKey }).commit(),
          campaign: campaigns
            .check({ companyId, campaignId })
            .where(({ campaignId: id }, { exists }) => exists(id))
            .commit(),
          company: companyStillOpen(companies, companyId),
        }),
      );
      if (outcome.committed) return true;
      if (outcome.failedConditions.size > 0) return false;
      if (lostRace(outcome)) return CONTENDED;
      throw new TransactionCancelled('Thumbnail transaction cancelled', outcome);
    },
  );

/**
 * Makes an image asset's thumbnail (the media-thumbnail job): reads the asset and its file, scales
 * the image down (thumbnail-image.ts), writes the thumbnail as a JPEG under the campaign's prefix
 * at the one key the asset has for it, and records that key on the asset. A PNG or GIF also gets
 * its full-size JPEG rendition beside it (jpeg-rendition.ts), which Instagram publishes instead.
 *
 * Safe to run twice, or at the same time as the asset's removal or a clean-up: an asset that
 * already has its thumbnail is left alone; one that is gone before the thumbnail is recorded
 * leaves no thumbnail behind (it is deleted again). An image that cannot be made a thumbnail is
 * a final outcome (logged, the grid shows the file itself); S3 and DynamoDB failures throw, so
 * that the deliverer tries again.
 */
export const createMediaThumbnail = async (
  target: ThumbnailTarget,
  logger: Logger,
): Promise<ThumbnailOutcome> => {
  const { companyId, campaignId, mediaId } = target;
  const thumbnailKey = mediaThumbnailKey(companyId, campaignId, mediaId);
  const gone = async (): Promise<ThumbnailOutcome> => {
    // An earlier run may have written the thumbnail (and rendition), then failed to delete it.
    await deleteMediaObject(thumbnailKey);
    // Its key from the asset's id alone (the extension is not part of it): the asset may be gone.
    await deleteMediaObject(
      jpegRenditionKey(`${campaignMediaPrefix(companyId, campaignId)}${mediaId}`),
    );
    return { thumbnail: 'gone' };
  };

  const { data: asset } = await mediaAssetEntity()
    .get({ companyId, campaignId, mediaId })
    .go({ consistent: true });
  if (!asset) return gone();
  if (asset.type !== 'image') return { thumbnail: 'not-an-image' };
  if (asset.thumbnailKey) return { thumbnail: 'exists', key: asset.thumbnailKey };

  let original: Uint8Array;
  try {
    original = await readMediaObject(asset.key, CAMPAIGN_MEDIA_MAX_BYTES);
  } catch (error) {
    // An asset's file goes only with the asset (its removal, a clean-up under way).
    if (isMissingObject(error)) return gone();
    throw error;
  }

  let thumbnail: Awaited<ReturnType<typeof makeThumbnail>>;
  try {
    thumbnail = await makeThumbnail(original);
  } catch (error) {
    if (!(error instanceof UnusableImage)) throw error;
    logger.warn('No thumbnail: the image cannot be used', {
      companyId,
      campaignId,
      mediaId,
      contentType: asset.contentType,
      size: asset.size,
      reason: error.message,
    });
    return { thumbnail: 'unusable', reason: error.message };
  }

  await putMediaObject({
    key: thumbnailKey,
    body: thumbnail.bytes,
    contentType: THUMBNAIL_CONTENT_TYPE,
    cacheControl: THUMBNAIL_CACHE_CONTROL,
  });
  // Written before the thumbnail is recorded, so that a recorded thumbnail means both are there
  // (a second run stops at it), and one that fails to be recorded takes the rendition with it.
  const renditionKey = hasJpegRendition(asset.contentType)
    ? await writeJpegRendition(asset.key, original)
    : undefined;
  if (!(await recordThumbnail(target, thumbnailKey))) return gone();
  logger.info('Thumbnail made', {
    companyId,
    campaignId,
    mediaId,
    source: thumbnail.source,
    width: thumbnail.width,
    height: thumbnail.height,
    bytes: thumbnail.bytes.byteLength,
    renditionKey,
  });
  return {
    thumbnail: 'made',
    key: thumbnailKey,
    width: thumbnail.width,
    height: thumbnail.height,
  };
};
