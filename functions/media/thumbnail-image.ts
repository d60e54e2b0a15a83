import { createJimp } from '@jimp/core';
import gif from '@jimp/js-gif';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { methods as resize } from '@jimp/plugin-resize';

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

const uint16BE = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const uint16LE = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const uint32BE = (bytes: Uint8Array, at: number) =>
  uint16BE(bytes, at) * 0x10000 + uint16BE(bytes, at + 2);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((value, index) => bytes[index] === value);

/** A JPEG's start-of-frame markers (SOF0–SOF15 less DHT, JPG and DAC), which carry its size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const jpegDimensions = (bytes: Uint8Array): Dimensions | null => {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // The scan (or the end) before any frame header: no size to be had.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = uint16BE(bytes, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: uint16BE(bytes, at + 5), width: uint16BE(bytes, at + 7) };
    }
    at += 2 + length;
  }
  return null;
};

/**
 * An image's size as its header states it, read before anything is decoded (so a huge image is
 * refused before it takes the memory): PNG's IHDR, GIF's logical screen, a JPEG's frame header.
 * Null when the header says nothing usable.
 */
export const imageDimensions = (bytes: Uint8Array): Dimensions | null => {
  let size: Dimensions | null = null;
  if (startsWith(bytes, PNG_SIGNATURE)) {
    // The first chunk is IHDR: length (13), type, width, height (big-endian).
    if (bytes.length >= 24 && String.fromCharCode(...bytes.subarray(12, 16)) === 'IHDR') {
      size = { width: uint32BE(bytes, 16), height: uint32BE(bytes, 20) };
    }
  } else if (
    bytes.length >= 10 &&
    ['GIF87a', 'GIF89a'].includes(String.fromCharCode(...bytes.subarray(0, 6)))
  ) {
    size = { width: uint16LE(bytes, 6), height: uint16LE(bytes, 8) };
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    size = jpegDimensions(bytes);
  }
  return size && size.width > 0 && size.height > 0 ? size : null;
};

const Jimp = createJimp({ formats: [jpeg, png, gif], plugins: [resize] });

/** White: a transparent pixel of a PNG or GIF, flattened onto it (a JPEG has no transparency). */
const BACKGROUND = 0xffffffff;

/**
 * The thumbnail of a JPEG, PNG or GIF (its first frame): scaled down to `thumbnailSize`, turned
 * upright as its EXIF orientation says (jimp does this as it decodes), transparency flattened onto
 * white, encoded as a JPEG. Throws UnusableImage for an image that cannot be made one — its header
 * unreadable, over MAX_DECODE_PIXELS, or its data corrupt.
 */
export const makeThumbnail = async (
  bytes: Uint8Array,
): Promise<Dimensions & { bytes: Uint8Array; source: Dimensions }> => {
  const stated = imageDimensions(bytes);
  if (!stated) throw new UnusableImage('The image header states no size');
  if (stated.width * stated.height > MAX_DECODE_PIXELS) {
    throw new UnusableImage(
      `The image is ${stated.width}×${stated.height}, over ${MAX_DECODE_PIXELS / 1e6} megapixels`,
    );
  }
  let image: Awaited<ReturnType<typeof Jimp.fromBuffer>>;
  try {
    image = await Jimp.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
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
