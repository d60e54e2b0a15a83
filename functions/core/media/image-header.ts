/**
 * What an image file is and how large it is, from its header alone — not from its name or the
 * type its sender declared. Knows the four types the AI generator takes (JPEG, PNG, GIF, WebP);
 * anything else, or a header too short or broken to give a size, is null.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export interface ImageHeader {
  contentType: ImageType;
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  bytes.length < end ? '' : String.fromCharCode(...bytes.subarray(start, end));

const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u24le = (bytes: Uint8Array, at: number) =>
  bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
const u32be = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

const sized = (contentType: ImageType, width: number, height: number): ImageHeader | null =>
  width > 0 && height > 0 ? { contentType, width, height } : null;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const png = (bytes: Uint8Array): ImageHeader | null => {
  // The signature, then the IHDR chunk first: length, type, width, height (big-endian).
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return null;
  return sized('image/png', u32be(bytes, 16), u32be(bytes, 20));
};

const gif = (bytes: Uint8Array): ImageHeader | null =>
  bytes.length < 10 ? null : sized('image/gif', u16le(bytes, 6), u16le(bytes, 8));

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const jpeg = (bytes: Uint8Array): ImageHeader | null => {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Fill bytes: any number of 0xFF before a marker.
    while (bytes[at] === 0xff && at < bytes.length) at++;
    const marker = bytes[at]!;
    at++;
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    // End of image, or the scan begins, before any frame header: no size.
    if (marker === 0xd9 || marker === 0xda) return null;
    if (at + 2 > bytes.length) return null;
    const length = u16be(bytes, at);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      // Length (2), precision (1), height (2), width (2).
      if (at + 7 > bytes.length) return null;
      return sized('image/jpeg', u16be(bytes, at + 5), u16be(bytes, at + 3));
    }
    at += length;
  }
  return null;
};

const webp = (bytes: Uint8Array): ImageHeader | null => {
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    // A key frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return sized('image/webp', u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    if (bytes[20] !== 0x2f) return null;
    const [b0, b1, b2, b3] = [bytes[21]!, bytes[22]!, bytes[23]!, bytes[24]!];
    return sized(
      'image/webp',
      1 + (b0 | ((b1 & 0x3f) << 8)),
      1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)),
    );
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return sized('image/webp', 1 + u24le(bytes, 24), 1 + u24le(bytes, 27));
  }
  return null;
};

/** The image's type and size from its first bytes, or null when it is none of the four. */
export const readImageHeader = (bytes: Uint8Array): ImageHeader | null => {
  if (PNG_SIGNATURE.every((value, index) => bytes[index] === value)) return png(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return gif(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return webp(bytes);
  return null;
};
