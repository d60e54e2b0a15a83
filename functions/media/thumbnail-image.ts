import { createJimp } from '@jimp/core';
import gif from '@jimp/js-gif';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { methods as resize } from '@jimp/plugin-resize';
import { readImageHeader } from '../core/media/image-header';

/**
 * An image asset's thumbnail for the media grid: decoded, scaled down and encoded with jimp,
 * pure JavaScript, so the same bundle runs on the arm64 Lambda and in the sandbox. Only the
 * pieces needed are imported — @jimp/core with the JPEG, PNG and GIF codecs and the resize
 * plugin — not the `jimp` package with its every plugin and format (measured minified: ~390 KB
 * for these pieces, ~1.5 MB for `jimp`).
 *
 * Only the media-thumbnail job imports this module: the endpoint groups never load jimp.
 */

/** The longest side of a thumbnail, in pixels: the media grid's tiles are far smaller. */
export const THUMBNAIL_MAX_SIDE = 480;
/** JPEG quality of a thumbnail: small files, no visible blocks at grid size. */
export const THUMBNAIL_QUALITY = 78;
export const THUMBNAIL_CONTENT_TYPE = 'image/jpeg';
/**
 * Images larger than this are not decoded: a decoded image takes 4 bytes a pixel, and the JPEG
 * decoder several more while it works (a 40-megapixel JPEG peaked at ~1.4 GB locally), so the
 * bound and the job's memory go together (functions/jobs/media-thumbnail/bindings.ts).
 */
export const MAX_DECODE_PIXELS = 40_000_000;
/** What the JPEG decoder may allocate: enough for MAX_DECODE_PIXELS in 4:4:4 (~535 MB measured). */
const JPEG_DECODER_MAX_MEMORY_MB = 1024;

/** The image cannot be made a thumbnail, whatever the number of tries: corrupt, unknown or too large. */
export class UnusableImage extends Error {
  override readonly name = 'UnusableImage';
}

export interface Dimensions {
  width: number;
  height: number;
}

/**
 * The size of the thumbnail of an image of the given size: its longest side at most
 * THUMBNAIL_MAX_SIDE, the proportions kept, never larger than the image (never upscaled), never
 * narrower than one pixel.
 */
export const thumbnailSize = (
  { width, height }: Dimensions,
  maxSide: number = THUMBNAIL_MAX_SIDE,
): Dimensions => {
  if (!(width >= 1 && height >= 1)) throw new RangeError(`No image is ${width}×${height}`);
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return width >= height
    ? { width: maxSide, height: Math.max(1, Math.round(height * scale)) }
    : { width: Math.max(1, Math.round(width * scale)), height: maxSide };
};

const Jimp = createJimp({ formats: [jpeg, png, gif], plugins: [resize] });

/** White: a transparent pixel of a PNG or GIF, flattened onto it (a JPEG has no transparency). */
const BACKGROUND = 0xffffffff;

type DecodedImage = Awaited<ReturnType<typeof Jimp.fromBuffer>>;

/**
 * A JPEG, PNG or GIF (its first frame) decoded, turned upright as its EXIF orientation says (jimp
 * does this as it decodes). Throws UnusableImage for an image that cannot be decoded — its header
 * unreadable, over MAX_DECODE_PIXELS, or its data corrupt.
 */
const decodeImage = async (bytes: Uint8Array): Promise<DecodedImage> => {
  // Read before anything is decoded, so a huge image is refused before it takes the memory.
  const stated = readImageHeader(bytes);
  if (!stated) throw new UnusableImage('The image header states no size');
  if (stated.width * stated.height > MAX_DECODE_PIXELS) {
    throw new UnusableImage(
      `The image is ${stated.width}×${stated.height}, over ${MAX_DECODE_PIXELS / 1e6} megapixels`,
    );
  }
  try {
    return await Jimp.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      'image/jpeg': {
        maxResolutionInMP: MAX_DECODE_PIXELS / 1e6,
        maxMemoryUsageInMB: JPEG_DECODER_MAX_MEMORY_MB,
      },
    });
  } catch (error) {
    throw new UnusableImage(`The image cannot be decoded: ${(error as Error).message}`, {
      cause: error,
    });
  }
};

/**
 * The thumbnail of a JPEG, PNG or GIF (its first frame): scaled down to `thumbnailSize`, upright,
 * transparency flattened onto white, encoded as a JPEG. Throws UnusableImage for an image that
 * cannot be decoded.
 */
export const makeThumbnail = async (
  bytes: Uint8Array,
): Promise<Dimensions & { bytes: Uint8Array; source: Dimensions }> => {
  const image = await decodeImage(bytes);
  // After the EXIF rotation: a portrait photo stored on its side is upright by now.
  const source = { width: image.width, height: image.height };
  const target = thumbnailSize(source);
  if (target.width !== source.width || target.height !== source.height) {
    image.resize({ w: target.width, h: target.height });
  }
  image.background = BACKGROUND;
  const encoded = await image.getBuffer(THUMBNAIL_CONTENT_TYPE, { quality: THUMBNAIL_QUALITY });
  return { ...target, bytes: new Uint8Array(encoded), source };
};

/**
 * JPEG quality of a rendition that a platform publishes in place of the PNG or GIF: near the
 * original to the eye (Meta recompresses what it receives anyway).
 */
export const RENDITION_QUALITY = 90;

/**
 * The same picture as a JPEG, at its full size, for a platform that publishes JPEG only: a PNG,
 * or a GIF's first frame, with transparency flattened onto white. Throws UnusableImage for an
 * image that cannot be decoded.
 */
export const makeJpegRendition = async (
  bytes: Uint8Array,
): Promise<Dimensions & { bytes: Uint8Array }> => {
  const image = await decodeImage(bytes);
  image.background = BACKGROUND;
  const encoded = await image.getBuffer('image/jpeg', { quality: RENDITION_QUALITY });
  return { width: image.width, height: image.height, bytes: new Uint8Array(encoded) };
};
