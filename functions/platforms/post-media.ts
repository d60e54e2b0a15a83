import { randomUUID } from 'node:crypto';
import type { MediaUpload } from '#shared/contract/platforms';
import {
  checkPostNowFile,
  formatName,
  MEDIA_FORMATS,
  mediaSetProblem,
  type MediaKind,
} from '#shared/domain/platform-media';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { Invalid } from '../core/errors';
import {
  deleteMediaObject,
  headMediaObject,
  presignMediaUpload,
  readMediaObject,
} from '../core/storage/media-bucket';
import type { MediaFile } from '../integrations/social/social-client';

/**
 * Media of a post published now: the browser uploads each file straight to S3 with a presigned
 * POST whose policy holds it to the platform's type and size rules, then names the keys in the
 * post; the post checks the stored objects again (their real size and type, and their first
 * bytes) before reading them and handing them to the provider.
 *
 * Keys live under the company's own prefix, `post-media/{companyId}/`, so a key names its company
 * and a post can only use its own company's uploads. They are deleted once posted; the bucket's
 * lifecycle rule removes what was uploaded and never posted.
 */

/** How long the browser has to start its upload. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;

export const POST_MEDIA_PREFIX = 'post-media';

/** A stored file's extension: its format's usual one (`jpg`, `png`, …). */
const extensionOf = (contentType: string) => MEDIA_FORMATS[contentType]?.extensions[0]?.slice(1);

const companyPrefix = (companyId: string) => `${POST_MEDIA_PREFIX}/${companyId}/`;

const KEY_PATTERN = /^post-media\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp|gif|mp4)$/;

/**
 * A presigned POST for one file of a post: refused up front when the platform does not take the
 * type or the size (the browser's word), then held to the same rules by S3's policy (the file's
 * truth) — the exact content type and at most the kind's size.
 */
export const createMediaUpload = async (
  companyId: string,
  request: { platform: ConnectablePlatform; contentType: string; size: number },
  now: Date = new Date(),
): Promise<MediaUpload> => {
  const contentType = request.contentType.toLowerCase();
  const verdict = checkPostNowFile(request.platform, contentType, request.size);
  if (!('kind' in verdict)) {
    throw new Invalid(
      verdict.problem === 'type' ? 'MEDIA_TYPE_NOT_ALLOWED' : 'MEDIA_TOO_LARGE',
      verdict.message,
    );
  }
  const key = `${companyPrefix(companyId)}${randomUUID()}.${extensionOf(contentType)}`;
  const { url, fields } = await presignMediaUpload({
    key,
    contentType,
    maxBytes: verdict.kind.maxBytes,
    expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
  });
  return {
    key,
    url,
    fields,
    maxBytes: verdict.kind.maxBytes,
    expiresAt: new Date(now.getTime() + UPLOAD_EXPIRES_SECONDS * 1000).toISOString(),
  };
};

/** The first bytes each type starts with: S3 stores whatever was sent under the declared type. */
const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  'image/gif': (b) => String.fromCharCode(...b.subarray(0, 4)) === 'GIF8',
  'image/webp': (b) =>
    String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  'video/mp4': (b) => String.fromCharCode(...b.subarray(4, 8)) === 'ftyp',
};

export interface CheckedMedia {
  key: string;
  contentType: string;
  maxBytes: number;
  altText?: string;
}

const invalid = (message: string) => new Invalid('MEDIA_INVALID', message);

/**
 * Checks each named upload before anything is posted: it is this company's, it exists, and what
 * S3 stored (not what the browser said) is a type and a size the platform takes; then the set
 * as a whole (at most 4 images on X, a GIF or a video alone).
 */
export const checkPostMedia = async (
  companyId: string,
  platform: ConnectablePlatform,
  media: readonly { key: string; altText?: string }[],
): Promise<CheckedMedia[]> => {
  const checked = await Promise.all(
    media.map(async ({ key, altText }, index): Promise<CheckedMedia & { kind: MediaKind }> => {
      const which = media.length > 1 ? `File ${index + 1}` : 'The file';
      if (!key.startsWith(companyPrefix(companyId)) || !KEY_PATTERN.test(key)) {
        throw invalid(`${which} of this post was not uploaded for this company`);
      }
      const stored = await headMediaObject(key);
      if (!stored) throw invalid(`${which} of this post was not found. Please add it again.`);
      const contentType = (stored.contentType ?? '').toLowerCase();
      const verdict = checkPostNowFile(platform, contentType, stored.size);
      if (!('kind' in verdict)) throw invalid(`${which}: ${verdict.message}`);
      return {
        key,
        contentType,
        maxBytes: verdict.kind.maxBytes,
        kind: verdict.kind,
        ...(altText ? { altText } : {}),
      };
    }),
  );
  const problem = mediaSetProblem(
    platform,
    checked.map((file) => file.kind.kind),
  );
  if (problem) throw invalid(problem);
  return checked.map(({ kind: _kind, ...file }) => file);
};

/** The files' bytes, in order, each checked to be what its type says. */
export const readPostMedia = async (media: readonly CheckedMedia[]): Promise<MediaFile[]> =>
  Promise.all(
    media.map(async (file, index) => {
      const bytes = await readMediaObject(file.key, file.maxBytes);
      if (!SIGNATURES[file.contentType]?.(bytes)) {
        throw invalid(
          `${media.length > 1 ? `File ${index + 1}` : 'The file'} is not the ${formatName(file.contentType)} it claims to be`,
        );
      }
      return {
        bytes,
        contentType: file.contentType,
        ...(file.altText ? { altText: file.altText } : {}),
      };
    }),
  );

/** Posted: the uploads have served their purpose (best effort; the lifecycle rule is the backstop). */
export const discardPostMedia = async (media: readonly CheckedMedia[]): Promise<void> => {
  await Promise.allSettled(media.map((file) => deleteMediaObject(file.key)));
};
