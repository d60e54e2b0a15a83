import type { MediaAsset } from '#shared/contract/media';
import type { MediaAssetRecord } from '../../core/db/entities/media-asset';
import { presignMediaDownload } from '../../core/storage/media-bucket';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A media asset's links are signed as of the start of the current hour and work for two hours:
 * at least an hour from any read, and the same link all hour long — the browser's cache keeps
 * the image, and two reads of a campaign answer alike.
 */
const LINK_LIFETIME_SECONDS = 2 * 60 * 60;
const signingHour = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

const link = (key: string, now: Date) =>
  presignMediaDownload(key, LINK_LIFETIME_SECONDS, signingHour(now));

/**
 * A media asset as the API shows it, with short-lived presigned links to its file. In core because
 * two groups answer media assets: campaigns (a campaign's `contentSeeds.mediaAssets`) and media.
 */
export const toMediaAsset = async (
  record: MediaAssetRecord,
  now: Date = new Date(),
): Promise<MediaAsset> => ({
  _id: record.mediaId,
  type: record.type,
  url: await link(record.key, now),
  thumbnailUrl: record.thumbnailKey ? await link(record.thumbnailKey, now) : null,
  description: record.description,
  usage: record.usage,
  platforms: record.platforms,
  fileName: record.fileName,
  contentType: record.contentType,
  size: record.size,
  createdAt: record.createdAt,
});
