import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaAsset } from '#shared/contract/campaigns';
import type { MediaUsage } from '#shared/domain/campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import { messageOf } from '#web/lib/error-text';
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
}

export const UPLOAD_FAILED = "The upload didn't finish. Check your connection and try again.";

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Object URLs exist only in browsers (jsdom has none). */
const previewOf = (file: File): string =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
const releasePreview = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

export interface UploadSettings {
  usage: MediaUsage;
  platforms: PlatformId[];
}

/**
 * The files of the Add Media dialog. Each goes up when the owner asks (uploadCampaignMedia: a
 * presigned POST from the API, the file straight to S3 with its progress, then the confirm call
 * that makes it a media asset of the campaign). A failed file can be sent again; leaving the dialog stops what is running.
 */
export const useCampaignMediaUploads = (campaignId: string) => {
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(0);
  const running = useRef(new Set<AbortController>());
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  });

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const add = (files: readonly File[]) =>
    setItems((list) => [
      ...list,
      ...files.map((file): UploadItem => ({
        id: `upload-${(nextId.current += 1)}`,
        file,
        previewUrl: previewOf(file),
        description: '',
        status: 'ready',
        progress: 0,
      })),
    ]);

  const remove = (id: string) => {
    const item = items.find((candidate) => candidate.id === id);
    if (item) releasePreview(item.previewUrl);
    setItems((list) => list.filter((candidate) => candidate.id !== id));
  };

  const setDescription = (id: string, description: string) => update(id, { description });

  const send = async (item: UploadItem, settings: UploadSettings): Promise<MediaAsset | null> => {
    const controller = new AbortController();
    running.current.add(controller);
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
          signal: controller.signal,
          onProgress: (progress) => update(item.id, { progress }),
          onStored: () => update(item.id, { status: 'saving', progress: 1 }),
        },
      );
      update(item.id, { status: 'added' });
      return asset;
    } catch (error) {
      if (isAbort(error)) return null;
      // The API's refusal (type, size, the limit) says why; S3's or the network's does not.
      update(item.id, { status: 'failed', error: messageOf(error, UPLOAD_FAILED) });
      return null;
    } finally {
      running.current.delete(controller);
    }
  };

  /** Sends every file not yet added (the failed ones again); resolves with the new assets. */
  const uploadAll = async (settings: UploadSettings) => {
    const pending = latest.current.filter(
      (item) => item.status === 'ready' || item.status === 'failed',
    );
    const results = await Promise.all(pending.map((item) => send(item, settings)));
    const added = results.filter((asset): asset is MediaAsset => asset !== null);
    return { added, failed: pending.length - added.length };
  };

  // Leaving the dialog stops every upload and frees the previews.
  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers) controller.abort();
      controllers.clear();
      for (const item of latest.current) releasePreview(item.previewUrl);
    };
  }, []);

  return {
    items,
    add,
    remove,
    setDescription,
    uploadAll,
    busy: items.some((item) => item.status === 'uploading' || item.status === 'saving'),
    /** Files still to send (not yet added). */
    pending: items.filter((item) => item.status !== 'added'),
  };
};
