import type * as z from 'zod';
import type {
  AttachmentUpload,
  attachmentUploadBody,
  SupportAttachment,
} from '#shared/contract/support';
import { SNIFF_BYTES } from '#shared/domain/media-sniffing';
import {
  isImageAttachment,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_MESSAGES,
  sniffSupportAttachmentType,
  type SupportAttachmentContentType,
} from '#shared/domain/support';
import type { StoredAttachment } from '../core/db/entities/support-ticket';
import { Invalid } from '../core/errors';
import { newTimeOrderedId } from '../core/ids';
import { decodeFileName, encodeFileName } from '../core/storage/file-name-metadata';
import { logger } from '../core/logger';
import {
  copyMediaObject,
  deleteMediaObject,
  headMediaObject,
  isChangedObject,
  isMissingObject,
  presignMediaDownload,
  presignMediaUpload,
  readMediaObjectStart,
} from '../core/storage/media-bucket';
import { supportTicketPrefix, supportUploadKey } from '../core/storage/media-keys';

/**
 * Files on tickets and responses, uploaded as campaign media are, without passing through the API:
 *
 * 1. `createAttachmentUpload`: a presigned POST to `uploads/support/{userId}/{attachmentId}` whose
 *    signed policy holds the browser to the declared type (an image or a PDF), 1 byte to 10 MB and
 *    that key; the file's name rides along as signed metadata.
 * 2. The browser posts the file straight to S3.
 * 3. Opening a ticket or replying names the `attachmentIds`: `checkUploads` reads what S3 stored —
 *    its size and what its first bytes say it is, never its name or the declared type — and
 *    `keepUploads` copies each to the ticket's prefix with its true type. An upload is found by
 *    the caller's id in its key, so nobody can attach another's upload. Refused uploads are
 *    deleted; attached ones are deleted once the message that names them is saved.
 *
 * Uploads never attached expire with everything under `uploads/` (the bucket's lifecycle rule).
 */

const UPLOAD_EXPIRES_SECONDS = 10 * 60;
/** The links the page shows files through; a page read again gets fresh ones. */
const LINK_EXPIRES_SECONDS = 60 * 60;
const ATTACHMENT_CACHE_CONTROL = 'private, max-age=3600, immutable';

export const ATTACHMENT_TEXTS = {
  uploadMissing: 'The uploaded file was not found. Please upload it again.',
  changed: 'The file changed while it was being checked. Please upload it again.',
  notWhatItSays: SUPPORT_MESSAGES.notWhatItSays,
  tooLarge: SUPPORT_MESSAGES.tooLarge,
  empty: SUPPORT_MESSAGES.empty,
} as const;

/** A presigned POST for one file of the caller's next message. */
export const createAttachmentUpload = async (
  userId: string,
  request: z.output<typeof attachmentUploadBody>,
  now: Date = new Date(),
): Promise<AttachmentUpload> => {
  const attachmentId = newTimeOrderedId(now.getTime());
  const key = supportUploadKey(userId, attachmentId);
  const { url, fields } = await presignMediaUpload({
    key,
    contentType: request.contentType,
    maxBytes: SUPPORT_ATTACHMENT_MAX_BYTES,
    expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
    metadata: { 'file-name': encodeFileName(request.fileName) },
  });
  return {
    attachmentId,
    key,
    url,
    fields,
    maxBytes: SUPPORT_ATTACHMENT_MAX_BYTES,
    expiresAt: new Date(now.getTime() + UPLOAD_EXPIRES_SECONDS * 1000).toISOString(),
  };
};

/** An upload that passed its checks, with the version of it that was checked. */
export interface CheckedUpload {
  attachmentId: string;
  uploadKey: string;
  name: string;
  contentType: SupportAttachmentContentType;
  size: number;
  etag: string | undefined;
}

/** Deletes objects that must not stay; a failure is only logged (the lifecycle rule takes them). */
export const discardObjects = async (keys: readonly string[]): Promise<void> => {
  const results = await Promise.allSettled(keys.map((key) => deleteMediaObject(key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      logger.error('Could not delete a support object', { key: keys[index], error: result.reason });
    }
  });
};

const checkUpload = async (userId: string, attachmentId: string): Promise<CheckedUpload> => {
  const uploadKey = supportUploadKey(userId, attachmentId);
  const stored = await headMediaObject(uploadKey);
  if (!stored) {
    throw new Invalid('MEDIA_UPLOAD_MISSING', ATTACHMENT_TEXTS.uploadMissing, {
      attachmentIds: ATTACHMENT_TEXTS.uploadMissing,
    });
  }
  const refuse = async (message: string): Promise<never> => {
    await discardObjects([uploadKey]);
    throw new Invalid('MEDIA_INVALID', message, { attachmentIds: message });
  };
  if (stored.size < 1) return refuse(ATTACHMENT_TEXTS.empty);
  if (stored.size > SUPPORT_ATTACHMENT_MAX_BYTES) return refuse(ATTACHMENT_TEXTS.tooLarge);
  let start: Uint8Array;
  try {
    start = await readMediaObjectStart(uploadKey, SNIFF_BYTES, stored.etag);
  } catch (error) {
    if (isChangedObject(error)) throw new Invalid('MEDIA_INVALID', ATTACHMENT_TEXTS.changed);
    throw error;
  }
  const contentType = sniffSupportAttachmentType(start);
  if (!contentType) return refuse(ATTACHMENT_TEXTS.notWhatItSays);
  const extension = SUPPORT_ATTACHMENT_TYPES[contentType].extensions[0];
  return {
    attachmentId,
    uploadKey,
    name: decodeFileName(stored.metadata['file-name'], `${attachmentId}${extension}`),
    contentType,
    size: stored.size,
    etag: stored.etag,
  };
};

/** Checks each named upload of the caller's (all of them, before anything is written). */
export const checkUploads = (
  userId: string,
  attachmentIds: readonly string[],
): Promise<CheckedUpload[]> => Promise.all(attachmentIds.map((id) => checkUpload(userId, id)));

/**
 * Copies checked uploads under the ticket's prefix (only the version checked); answers what the
 * message stores. Should a copy fail, the copies made are deleted.
 */
export const keepUploads = async (
  ticketId: string,
  uploads: readonly CheckedUpload[],
): Promise<StoredAttachment[]> => {
  const kept = uploads.map((upload) => ({
    attachmentId: upload.attachmentId,
    key: `${supportTicketPrefix(ticketId)}${upload.attachmentId}${SUPPORT_ATTACHMENT_TYPES[upload.contentType].extensions[0]}`,
    name: upload.name,
    contentType: upload.contentType,
    size: upload.size,
  }));
  const copies = await Promise.allSettled(
    uploads.map((upload, index) =>
      copyMediaObject({
        from: upload.uploadKey,
        to: kept[index]!.key,
        contentType: upload.contentType,
        cacheControl: ATTACHMENT_CACHE_CONTROL,
        ifMatch: upload.etag,
      }),
    ),
  );
  const failed = copies.find((copy) => copy.status === 'rejected');
  if (failed) {
    await discardObjects(kept.map((attachment) => attachment.key));
    const error = failed.reason as unknown;
    if (isChangedObject(error)) throw new Invalid('MEDIA_INVALID', ATTACHMENT_TEXTS.changed);
    if (isMissingObject(error)) {
      throw new Invalid('MEDIA_UPLOAD_MISSING', ATTACHMENT_TEXTS.uploadMissing);
    }
    throw error;
  }
  return kept;
};

/** The attachments as a page shows them, each through a fresh short-lived link. */
export const attachmentViews = (
  attachments: readonly StoredAttachment[],
  signedAt: Date = new Date(),
): Promise<SupportAttachment[]> =>
  Promise.all(
    attachments.map(async (attachment) => {
      const url = await presignMediaDownload(attachment.key, LINK_EXPIRES_SECONDS, signedAt);
      return {
        _id: attachment.attachmentId,
        name: attachment.name,
        contentType: attachment.contentType,
        size: attachment.size,
        url,
        thumbnailUrl: isImageAttachment(attachment.contentType) ? url : null,
      };
    }),
  );
