import { CAMPAIGN_MEDIA_TYPES, type CampaignMediaContentType } from './campaigns';

/**
 * What a file is, from its first bytes — not from its name or the type the browser declared,
 * which say what the uploader claims. One table for both sides: the browser reads a chosen
 * file's first bytes with it and refuses, before uploading, what the server would refuse after.
 * Knows the types a campaign takes (JPEG, PNG, GIF, MP4, MPEG, QuickTime) and WebP (a post's
 * image on X); anything else is null.
 *
 * MP4 and QuickTime are both ISO base media files (a sequence of boxes); the `ftyp` box that
 * opens them names the brand. Only the brands of video files count: HEIC and AVIF images, M4A
 * audio and 3GP files open with `ftyp` too, with their own brands, and are not taken.
 */

/** How many bytes `sniffMediaType` needs at most. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((value, index) => bytes[offset + index] === value);

/** The content types the table knows. */
export type SniffedMediaType = CampaignMediaContentType | 'image/webp';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** MPEG program stream pack header; MPEG-1/2 video sequence header (an elementary stream). */
const MPEG_PACK = [0x00, 0x00, 0x01, 0xba];
const MPEG_SEQUENCE = [0x00, 0x00, 0x01, 0xb3];

/** Major brands of MP4 video files (ISO/IEC 14496-12 and -14, and the common vendor brands). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'F4V ',
  'f4v ',
]);
const QUICKTIME_BRAND = 'qt  ';
/** The atoms an older QuickTime movie (one without `ftyp`) opens with. */
const QUICKTIME_FIRST_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

const isoMediaType = (bytes: Uint8Array): CampaignMediaContentType | null => {
  if (bytes.length < 12) return null;
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const type = ascii(bytes, 4, 8);
  // A box's size counts its 8-byte header; 1 means a 64-bit size follows.
  if (size !== 1 && size < 8) return null;
  if (type === 'ftyp') {
    if (size !== 1 && size < 16) return null;
    const brand = ascii(bytes, 8, 12);
    if (brand === QUICKTIME_BRAND) return 'video/quicktime';
    return MP4_BRANDS.has(brand) ? 'video/mp4' : null;
  }
  return QUICKTIME_FIRST_ATOMS.has(type) ? 'video/quicktime' : null;
};

/** A RIFF container (its size, then its form type) whose form is WEBP. */
const isWebp = (bytes: Uint8Array): boolean =>
  bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP';

/** The media type the bytes are, of those the table knows, or null when they are none of them. */
export const sniffFileType = (bytes: Uint8Array): SniffedMediaType | null => {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'image/gif';
  if (isWebp(bytes)) return 'image/webp';
  if (startsWith(bytes, MPEG_PACK) || startsWith(bytes, MPEG_SEQUENCE)) return 'video/mpeg';
  return isoMediaType(bytes);
};

export const isCampaignMediaType = (
  type: SniffedMediaType | null,
): type is CampaignMediaContentType => type !== null && Object.hasOwn(CAMPAIGN_MEDIA_TYPES, type);

/** The campaign media type the bytes are, or null when they are none of them (WebP included). */
export const sniffMediaType = (bytes: Uint8Array): CampaignMediaContentType | null => {
  const type = sniffFileType(bytes);
  return isCampaignMediaType(type) ? type : null;
};
