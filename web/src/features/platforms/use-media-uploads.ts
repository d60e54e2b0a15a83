import { useCallback, useState } from 'react';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { isRefusedForGood, messageOf } from '#web/lib/error-text';
import { UPLOAD_FAILED, uploadToPresignedPost } from '#web/lib/presigned-post';
import { sniffFile } from '#web/lib/sniff-file';
import { isAbort, previewOf, useFileItems } from '#web/lib/use-file-items';
import { createMediaUpload } from './api/create-media-upload';
import { imageSize } from '#web/lib/image-size';
import {
  contentProblem,
  shapeProblem,
  sortNewFiles,
  type MediaKindName,
  type MediaRefusal,
} from './media-files';

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
  /** The API refused the file itself: sending it again cannot succeed, so no Retry. */
  refused?: boolean;
}

/**
 * The media of a post being written: files are checked as they are chosen (their first bytes,
 * type, size, the set), then each uploads at once, straight to S3, with its progress. A failed
 * upload can be retried, unless the API refused the file (retrying would only be refused again);
 * removing a file or leaving the dialog stops its upload.
 */
export const useMediaUploads = (companyId: string, platform: ConnectablePlatform) => {
  const { items, latest, newId, update, append, startWork, remove } =
    useFileItems<MediaItem>('media');
  const [refusals, setRefusals] = useState<MediaRefusal[]>([]);

  const upload = useCallback(
    (id: string, file: File) => {
      const work = startWork(id);
      update(id, { status: 'uploading', progress: 0, error: undefined, key: undefined });
      void (async () => {
        try {
          const post = await createMediaUpload(companyId, platform, file, work.signal);
          await uploadToPresignedPost(post, file, {
            signal: work.signal,
            onProgress: (progress) => update(id, { progress }),
          });
          update(id, { status: 'uploaded', progress: 1, key: post.key });
        } catch (error) {
          if (isAbort(error)) return;
          // The API's refusal (type, size) says why, and is final; S3's or the network's may pass.
          update(id, {
            status: 'failed',
            error: messageOf(error, UPLOAD_FAILED),
            refused: isRefusedForGood(error),
          });
        } finally {
          work.done();
        }
      })();
    },
    [companyId, platform, startWork, update],
  );

  const add = async (files: readonly File[]) => {
    // A file whose bytes are none of the platform's types is refused before anything else.
    const problems = await Promise.all(
      files.map(async (file) => contentProblem(platform, file.type, await sniffFile(file))),
    );
    const sorted = sortNewFiles(
      platform,
      latest.current.map((item) => item.kind),
      files.filter((_, index) => !problems[index]),
    );
    // An image of a shape the platform does not publish (Instagram: 4:5 to 1.91:1) is refused
    // here rather than by the platform once posted.
    const shapes = await Promise.all(
      sorted.accepted.map(async ({ file, kind }) =>
        shapeProblem(platform, kind, kind === 'video' ? null : await imageSize(file)),
      ),
    );
    const accepted = sorted.accepted.filter((_, index) => !shapes[index]);
    setRefusals([
      ...files.flatMap((file, index) => {
        const reason = problems[index];
        return reason ? [{ fileName: file.name, reason }] : [];
      }),
      ...sorted.refused,
      ...sorted.accepted.flatMap(({ file }, index) => {
        const reason = shapes[index];
        return reason ? [{ fileName: file.name, reason }] : [];
      }),
    ]);
    const added = accepted.map(({ file, kind }): MediaItem => ({
      id: newId(),
      file,
      kind,
      previewUrl: previewOf(file),
      altText: '',
      status: 'uploading',
      progress: 0,
    }));
    append(added);
    for (const item of added) upload(item.id, item.file);
  };

  const retry = (id: string) => {
    const item = items.find((candidate) => candidate.id === id);
    if (item && !item.refused) upload(id, item.file);
  };

  const setAltText = (id: string, altText: string) => update(id, { altText });

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
    /** Some failed file can only be removed: the API refused it. */
    refused: items.some((item) => item.status === 'failed' && item.refused),
    /** What the post names: the uploaded files' keys, with their alt text when there is some. */
    postMedia: items
      .filter((item) => item.status === 'uploaded' && item.key)
      .map((item) => ({ key: item.key!, altText: item.altText.trim() || undefined })),
  };
};

export type MediaUploads = ReturnType<typeof useMediaUploads>;
