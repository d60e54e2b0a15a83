import type { MediaAsset } from '#shared/contract/media';
import type { MediaUsage } from '#shared/domain/campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import { isRefusedForGood, messageOf } from '#web/lib/error-text';
import { UPLOAD_FAILED } from '#web/lib/presigned-post';
import { isAbort, previewOf, useFileItems } from '#web/lib/use-file-items';
import { uploadCampaignMedia } from './upload-campaign-media';

export type UploadStatus = 'ready' | 'uploading' | 'saving' | 'added' | 'failed';

/** One chosen file, from the moment it is chosen until it is a media asset of the campaign. */
export interface UploadItem {
  id: string;
  file: File;
  /** An object URL of the file, for its preview. */
  previewUrl: string;
  description: string;
  status: UploadStatus;
  /** The share uploaded, 0 to 1. */
  progress: number;
  /** Why it failed, once it has. */
  error?: string;
  /** The API refused the file itself (its bytes, its size): sending it again cannot succeed. */
  refused?: boolean;
}

/** A file Upload sends: chosen, or failed where sending again may pass. */
const isToSend = (item: UploadItem) =>
  item.status === 'ready' || (item.status === 'failed' && !item.refused);

export interface UploadSettings {
  usage: MediaUsage;
  platforms: PlatformId[];
}

/**
 * The files of the Add Media dialog. Each goes up when the owner asks (uploadCampaignMedia: a
 * presigned POST from the API, the file straight to S3 with its progress, then the confirm call
 * that makes it a media asset of the campaign). A failed file can be sent again, unless the API
 * refused it (it would be refused again); leaving the dialog stops what is running.
 */
export const useCampaignMediaUploads = (campaignId: string) => {
  const { items, latest, newId, update, append, startWork, remove } =
    useFileItems<UploadItem>('upload');

  const add = (files: readonly File[]) =>
    append(
      files.map((file): UploadItem => ({
        id: newId(),
        file,
        previewUrl: previewOf(file),
        description: '',
        status: 'ready',
        progress: 0,
      })),
    );

  const setDescription = (id: string, description: string) => update(id, { description });

  const send = async (item: UploadItem, settings: UploadSettings): Promise<MediaAsset | null> => {
    const work = startWork(item.id);
    update(item.id, { status: 'uploading', progress: 0, error: undefined });
    try {
      const asset = await uploadCampaignMedia(
        campaignId,
        item.file,
        {
          description: item.description.trim(),
          usage: settings.usage,
          platforms: settings.platforms,
        },
        {
          signal: work.signal,
          onProgress: (progress) => update(item.id, { progress }),
          onStored: () => update(item.id, { status: 'saving', progress: 1 }),
        },
      );
      update(item.id, { status: 'added' });
      return asset;
    } catch (error) {
      if (isAbort(error)) return null;
      // The API's refusal (type, size, the limit) says why, and is final; S3's or the network's
      // does not, and may pass next time.
      update(item.id, {
        status: 'failed',
        error: messageOf(error, UPLOAD_FAILED),
        refused: isRefusedForGood(error),
      });
      return null;
    } finally {
      work.done();
    }
  };

  /** Sends every file not yet added (the failed ones again); resolves with the new assets. */
  const uploadAll = async (settings: UploadSettings) => {
    const pending = latest.current.filter(isToSend);
    const results = await Promise.all(pending.map((item) => send(item, settings)));
    const added = results.filter((asset): asset is MediaAsset => asset !== null);
    return { added, failed: pending.length - added.length };
  };

  return {
    items,
    add,
    remove,
    setDescription,
    uploadAll,
    busy: items.some((item) => item.status === 'uploading' || item.status === 'saving'),
    /** Files still to send (not yet added), but for those the API refused. */
    pending: items.filter((item) => item.status !== 'added' && !item.refused),
    /** Files that failed in a way that may pass when sent again. */
    retryable: items.filter((item) => item.status === 'failed' && !item.refused),
  };
};
