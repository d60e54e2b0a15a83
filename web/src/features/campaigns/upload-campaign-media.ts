import type { MediaAsset } from '#shared/contract/media';
import type { MediaUsage } from '#shared/domain/campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import { uploadToPresignedPost } from '#web/lib/presigned-post';
import { confirmMedia } from './api/confirm-media';
import { createMediaUpload } from './api/create-media-upload';

export interface MediaUploadDetails {
  description: string;
  usage: MediaUsage;
  platforms: PlatformId[];
}

export interface MediaUploadOptions {
  signal?: AbortSignal;
  /** The share of the file sent to storage, 0 to 1. */
  onProgress?: (sent: number) => void;
  /** The bytes are stored; the confirm call that makes them an asset of the campaign follows. */
  onStored?: () => void;
}

/**
 * One file to a campaign: a presigned POST from the API, the file straight to S3 with its
 * progress, then the confirm call that makes it a media asset of the campaign with its details.
 */
export const uploadCampaignMedia = async (
  campaignId: string,
  file: File,
  details: MediaUploadDetails,
  { signal, onProgress, onStored }: MediaUploadOptions = {},
): Promise<MediaAsset> => {
  const post = await createMediaUpload(campaignId, file, signal);
  await uploadToPresignedPost(post, file, { signal, onProgress });
  onStored?.();
  return confirmMedia(campaignId, { key: post.key, ...details }, signal);
};
