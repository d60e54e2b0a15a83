import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { messageOf } from '#web/lib/error-text';
import { uploadToPresignedPost } from '#web/lib/presigned-post';
import { createMediaUpload } from './api/create-media-upload';
import { sortNewFiles, type MediaKindName, type MediaRefusal } from './media-files';

export type MediaUploadStatus = 'uploading' | 'uploaded' | 'failed';

/** One file of the post, from the moment it is chosen until the post names its key. */
export interface MediaItem {
  id: string;
  file: File;
  kind: MediaKindName;
  /** An object URL of the file, for its preview. */
  previewUrl: string;
  altText: string;
  status: MediaUploadStatus;
  /** The share uploaded, 0 to 1. */
  progress: number;
  /** The S3 key, once uploaded. */
  key?: string;
  /** Why the upload failed, once it has. */
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

/**
 * The media of a post being written: files are checked as they are chosen (type, size, the set),
 * then each uploads at once, straight to S3, with its progress. A failed upload can be retried;
 * removing a file or leaving the dialog stops its upload.
 */
export const useMediaUploads = (companyId: string, platform: ConnectablePlatform) => {
  const [items, setItems] = useState<MediaItem[]>([]);
  const [refusals, setRefusals] = useState<MediaRefusal[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const nextId = useRef(0);
  // What cleanup on leaving needs: the current items, whatever render it runs after.
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  });

  const update = useCallback((id: string, patch: Partial<MediaItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const upload = useCallback(
    (id: string, file: File) => {
      uploads.current.get(id)?.abort();
      const controller = new AbortController();
      uploads.current.set(id, controller);
      update(id, { status: 'uploading', progress: 0, error: undefined, key: undefined });
      void (async () => {
        try {
          const post = await createMediaUpload(companyId, platform, file, controller.signal);
          await uploadToPresignedPost(post, file, {
            signal: controller.signal,
            onProgress: (progress) => update(id, { progress }),
          });
          update(id, { status: 'uploaded', progress: 1, key: post.key });
        } catch (error) {
          if (isAbort(error)) return;
          // The API's refusal (type, size) says why; S3's or the network's does not.
          update(id, { status: 'failed', error: messageOf(error, UPLOAD_FAILED) });
        } finally {
          if (uploads.current.get(id) === controller) uploads.current.delete(id);
        }
      })();
    },
    [companyId, platform, update],
  );

  const add = (files: readonly File[]) => {
    const { accepted, refused } = sortNewFiles(
      platform,
      items.map((item) => item.kind),
      files,
    );
    setRefusals(refused);
    const added = accepted.map(({ file, kind }): MediaItem => ({
      id: `media-${(nextId.current += 1)}`,
      file,
      kind,
      previewUrl: previewOf(file),
      altText: '',
      status: 'uploading',
      progress: 0,
    }));
    setItems((list) => [...list, ...added]);
    for (const item of added) upload(item.id, item.file);
  };

  const remove = (id: string) => {
    uploads.current.get(id)?.abort();
    const item = items.find((candidate) => candidate.id === id);
    if (item) releasePreview(item.previewUrl);
    setItems((list) => list.filter((candidate) => candidate.id !== id));
  };

  const retry = (id: string) => {
    const item = items.find((candidate) => candidate.id === id);
    if (item) upload(id, item.file);
  };

  const setAltText = (id: string, altText: string) => update(id, { altText });

  // Leaving the dialog stops every upload and frees the previews.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      for (const item of latest.current) releasePreview(item.previewUrl);
    };
  }, []);

  return {
    items,
    refusals,
    dismissRefusals: () => setRefusals([]),
    add,
    remove,
    retry,
    setAltText,
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'failed'),
    /** What the post names: the uploaded files' keys, with their alt text when there is some. */
    postMedia: items
      .filter((item) => item.status === 'uploaded' && item.key)
      .map((item) => ({ key: item.key!, altText: item.altText.trim() || undefined })),
  };
};

export type MediaUploads = ReturnType<typeof useMediaUploads>;
