import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffFileType, sniffMediaType } from './media-sniffing';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((character) => character.charCodeAt(0)) : part,
    ),
  );

/** An ISO base media file's first box: `ftyp`, its major brand, minor version, compatible brands. */
const ftyp = (major: string, compatible: string[] = [], size = 16 + 4 * compatible.length) =>
  bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], compatible.join(''), [0, 0, 0, 8], 'free');

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe('sniffMediaType', () => {
  it('knows the images a campaign takes', () => {
    expect(sniffMediaType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffMediaType(new Uint8Array(GIF))).toBe('image/gif');
    expect(sniffMediaType(bytes('GIF87a', [1, 0, 1, 0]))).toBe('image/gif');
    // JFIF, Exif and bare JPEG markers all open with FF D8 FF.
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg');
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe1, 0, 0x10], 'Exif'))).toBe('image/jpeg');
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
  });

  it('knows MP4 by its brand, QuickTime by its brand or its first atom', () => {
    expect(sniffMediaType(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('mp42', ['mp42', 'isom']))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('M4V ', ['M4V ', 'M4A ', 'mp42']))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('qt  ', ['qt  ']))).toBe('video/quicktime');
    // A 64-bit box size (1) is as good as a 32-bit one.
    expect(sniffMediaType(ftyp('qt  ', [], 1))).toBe('video/quicktime');
    // Older QuickTime movies have no ftyp box.
    expect(sniffMediaType(bytes([0, 0, 0, 0x6c], 'moov', [0, 0, 0, 0x6c], 'mvhd'))).toBe(
      'video/quicktime',
    );
    expect(sniffMediaType(bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 8], 'mdat'))).toBe(
      'video/quicktime',
    );
  });

  it('knows MPEG program and video streams', () => {
    expect(sniffMediaType(bytes([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1]))).toBe('video/mpeg');
    expect(sniffMediaType(bytes([0, 0, 1, 0xb3, 0x14, 0, 0xf0, 0x13]))).toBe('video/mpeg');
  });

  it('refuses other ISO media files that open with ftyp: HEIC and AVIF images, M4A audio, 3GP', () => {
    expect(sniffMediaType(ftyp('heic', ['mif1', 'heic']))).toBeNull();
    expect(sniffMediaType(ftyp('mif1', ['mif1', 'heic']))).toBeNull();
    expect(sniffMediaType(ftyp('avif', ['avif', 'mif1', 'miaf']))).toBeNull();
    expect(sniffMediaType(ftyp('M4A ', ['M4A ', 'mp42', 'isom']))).toBeNull();
    expect(sniffMediaType(ftyp('3gp4', ['3gp4', 'isom']))).toBeNull();
    // A box claiming to be smaller than its own header is no box.
    expect(sniffMediaType(ftyp('isom', [], 4))).toBeNull();
    expect(sniffMediaType(ftyp('isom', [], 12))).toBeNull();
    expect(sniffMediaType(bytes([0, 0, 0, 4], 'moov', [0, 0, 0, 0]))).toBeNull();
  });

  it('refuses what is none of them, whatever its name says', () => {
    // A Windows program renamed photo.png.
    expect(sniffMediaType(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]))).toBeNull();
    expect(sniffMediaType(bytes([0x7f], 'ELF', [2, 1, 1, 0]))).toBeNull();
    expect(sniffMediaType(bytes('%PDF-1.7\n'))).toBeNull();
    expect(sniffMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffMediaType(bytes('<!DOCTYPE html><html>'))).toBeNull();
    expect(sniffMediaType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBeNull();
    expect(sniffMediaType(bytes('BM', [0x3a, 0, 0, 0]))).toBeNull();
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBeNull(); // WebM / Matroska
    expect(sniffMediaType(bytes('GIF8'))).toBeNull();
  });

  it('knows WebP, which a post on X takes and a campaign does not', () => {
    const webp = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
    expect(sniffFileType(webp)).toBe('image/webp');
    expect(sniffMediaType(webp)).toBeNull();
    // Another RIFF form (a WAV sound) is none of them.
    expect(sniffFileType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffFileType(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]))).toBeNull();
  });

  it('refuses what is too short to tell, or empty', () => {
    expect(sniffMediaType(new Uint8Array())).toBeNull();
    expect(sniffMediaType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffMediaType(new Uint8Array(PNG.subarray(0, 7)))).toBeNull();
    expect(sniffMediaType(bytes([0, 0, 1]))).toBeNull();
    expect(sniffMediaType(bytes([0, 0, 0, 0x20], 'ftyp'))).toBeNull();
  });

  it('needs no more than SNIFF_BYTES', () => {
    const long = new Uint8Array(1000);
    long.set(ftyp('mp42', ['mp42', 'isom', 'avc1']));
    expect(sniffMediaType(long.subarray(0, SNIFF_BYTES))).toBe('video/mp4');
  });
});
