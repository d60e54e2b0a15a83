import { isRefusedForGood, messageOf } from '#web/lib/error-text';
import { UPLOAD_FAILED, uploadToPresignedPost } from '#web/lib/presigned-post';
import { isAbort, previewOf, useFileItems } from '#web/lib/use-file-items';
import { createAttachmentUpload } from './api/create-attachment-upload';

export type AttachmentStatus = 'uploading' | 'uploaded' | 'failed';

/** One file attached to a message, from the moment it is chosen until it is stored. */
export interface AttachmentItem {
  id: string;
  file: File;
  /** An object URL of an image, for its thumbnail ('' for a PDF). */
  previewUrl: string;
  status: AttachmentStatus;
  /** The share uploaded, 0 to 1. */
  progress: number;
  /** What the message names it by once stored. */
  attachmentId?: string;
  error?: string;
  /** The API refused the file itself: sending it again cannot succeed. */
  refused?: boolean;
}

/**
 * The files of one message (a new ticket, a reply). Each goes up as soon as it is chosen: a
 * presigned POST from the API, then the bytes straight to storage with their progress; the
 * message then names the stored files. A failed file can be sent again unless the API refused
 * it; removing a file or leaving stops its upload.
 */
export const useAttachmentUploads = () => {
  const { items, latest, newId, update, append, startWork, remove, replaceAll } =
    useFileItems<AttachmentItem>('attachment');

  const send = async (item: AttachmentItem) => {
    const work = startWork(item.id);
    update(item.id, { status: 'uploading', progress: 0, error: undefined });
    try {
      const upload = await createAttachmentUpload(item.file, work.signal);
      await uploadToPresignedPost(upload, item.file, {
        signal: work.signal,
        onProgress: (progress) => update(item.id, { progress }),
      });
      update(item.id, { status: 'uploaded', progress: 1, attachmentId: upload.attachmentId });
    } catch (error) {
      if (isAbort(error)) return;
      update(item.id, {
        status: 'failed',
        error: messageOf(error, UPLOAD_FAILED),
        refused: isRefusedForGood(error),
      });
    } finally {
      work.done();
    }
  };

  const add = (files: readonly File[]) => {
    const added = files.map((file): AttachmentItem => ({
      id: newId(),
      file,
      previewUrl: file.type.startsWith('image/') ? previewOf(file) : '',
      status: 'uploading',
      progress: 0,
    }));
    append(added);
    for (const item of added) void send(item);
  };

  const retry = (id: string) => {
    const item = latest.current.find((candidate) => candidate.id === id);
    if (item) void send(item);
  };

  return {
    items,
    add,
    retry,
    remove,
    /** Forgets every file (after the message was sent). */
    clear: () => replaceAll(),
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'failed'),
    /** What the message sends: the stored files, in the order they were chosen. */
    attachmentIds: items.flatMap((item) => (item.attachmentId ? [item.attachmentId] : [])),
  };
};

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
