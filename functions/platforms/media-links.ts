import { mediaKindOf, mediaPublishProblem, type MediaShape } from '#shared/domain/platform-media';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { readImageHeader } from '../core/media/image-header';
import { presignMediaDownload } from '../core/storage/media-bucket';
import type { MediaFile } from '../integrations/social/social-client';

/**
 * Media for the platforms that fetch it themselves (Meta): a short-lived link to the object in
 * our private bucket, signed for this post alone. Instagram fetches when the container is made,
 * Facebook a video while it processes it — an hour covers both, and a link that leaks stops
 * working soon after.
 */
export const MEDIA_LINK_SECONDS = 60 * 60;

/** The platforms whose API takes media by link rather than as bytes. */
const FETCHES_MEDIA: Record<ConnectablePlatform, boolean> = {
  twitter: false,
  linkedin: false,
  facebook: true,
  instagram: true,
};

export const fetchesMedia = (platform: ConnectablePlatform): boolean => FETCHES_MEDIA[platform];

/** The files with their links, where the platform fetches media (else as they are). */
export const withMediaLinks = async (
  platform: ConnectablePlatform,
  files: readonly (MediaFile & { key: string })[],
): Promise<MediaFile[]> =>
  Promise.all(
    files.map(async ({ key, ...file }) =>
      fetchesMedia(platform)
        ? { ...file, url: await presignMediaDownload(key, MEDIA_LINK_SECONDS) }
        : file,
    ),
  );

/** Each file's kind and, for images, its size in pixels from its header. */
export const shapesOf = (
  platform: ConnectablePlatform,
  files: readonly Pick<MediaFile, 'bytes' | 'contentType'>[],
): MediaShape[] =>
  files.map(({ bytes, contentType }) => {
    const kind = mediaKindOf(platform, contentType)?.kind ?? 'image';
    const header = kind === 'video' ? null : readImageHeader(bytes);
    return header ? { kind, width: header.width, height: header.height } : { kind };
  });

/** Why the platform cannot publish these files (none on Instagram, a wrong shape), or null. */
export const publishProblemOf = (
  platform: ConnectablePlatform,
  files: readonly Pick<MediaFile, 'bytes' | 'contentType'>[],
): string | null => mediaPublishProblem(platform, shapesOf(platform, files));
