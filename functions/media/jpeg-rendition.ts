import { headMediaObject, putMediaObject } from '../core/storage/media-bucket';
import { jpegRenditionKey } from '../core/storage/media-keys';
import { makeJpegRendition } from './thumbnail-image';

/** The types converted to JPEG for the platforms that publish JPEG only (jimp decodes both). */
const CONVERTED_TYPES: readonly string[] = ['image/png', 'image/gif'];

export const hasJpegRendition = (contentType: string): boolean =>
  CONVERTED_TYPES.includes(contentType);

/** Made again only from the same, immutable file: it never changes under its key. */
const RENDITION_CACHE_CONTROL = 'private, max-age=86400, immutable';

/**
 * Makes the JPEG rendition of a PNG or GIF file and writes it at the key derived from the file's
 * (jpegRenditionKey), over any earlier one (the same bytes). Throws UnusableImage for a file that
 * cannot be decoded. Answers the rendition's key.
 */
export const writeJpegRendition = async (
  originalKey: string,
  original: Uint8Array,
): Promise<string> => {
  const key = jpegRenditionKey(originalKey);
  const rendition = await makeJpegRendition(original);
  await putMediaObject({
    key,
    body: rendition.bytes,
    contentType: 'image/jpeg',
    cacheControl: RENDITION_CACHE_CONTROL,
  });
  return key;
};

/**
 * The key of the file's JPEG rendition: the one the media-thumbnail job wrote, or — when it has
 * not (not run yet, or the file is older than renditions) — made now from the bytes at hand.
 */
export const ensureJpegRendition = async (
  originalKey: string,
  original: Uint8Array,
): Promise<string> => {
  const key = jpegRenditionKey(originalKey);
  if (await headMediaObject(key)) return key;
  return writeJpegRendition(originalKey, original);
};
