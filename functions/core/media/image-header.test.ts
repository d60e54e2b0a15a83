import { describe, expect, it } from 'vitest';
import { makePng } from '#test/e2e/images';
import { readImageHeader } from './image-header';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );
const u16be = (value: number) => [value >> 8, value & 0xff];
const u16le = (value: number) => [value & 0xff, value >> 8];
const u24le = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16];

/** A JPEG's header as cameras write it: SOI, APP0 (JFIF), a DQT, then the frame header. */
const jpegHeader = (width: number, height: number, frameMarker = 0xc0) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, ...u16be(16)],
    'JFIF\0',
    [1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xdb, ...u16be(4), 0, 0],
    [0xff, 0xff, frameMarker, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3],
    new Array(9).fill(0),
  );

describe('readImageHeader', () => {
  it('reads a real PNG’s size', () => {
    expect(readImageHeader(makePng(64, 48, () => [1, 2, 3]))).toEqual({
      contentType: 'image/png',
      width: 64,
      height: 48,
    });
  });

  it('reads a JPEG’s size from its frame header, baseline or progressive, past fill bytes', () => {
    expect(readImageHeader(jpegHeader(1024, 768))).toEqual({
      contentType: 'image/jpeg',
      width: 1024,
      height: 768,
    });
    expect(readImageHeader(jpegHeader(300, 200, 0xc2))).toMatchObject({ width: 300, height: 200 });
    // A DHT (C4) is no frame header: without a frame the size is unknown.
    expect(readImageHeader(jpegHeader(300, 200, 0xc4))).toBeNull();
  });

  it('reads GIF and the three WebP flavours', () => {
    expect(readImageHeader(bytes('GIF89a', u16le(320), u16le(240), [0, 0, 0]))).toEqual({
      contentType: 'image/gif',
      width: 320,
      height: 240,
    });
    const riff = (chunk: string, payload: number[]) =>
      bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], payload);
    // Lossy: frame tag, start code, 14-bit sizes.
    expect(
      readImageHeader(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(640), ...u16le(480)])),
    ).toEqual({ contentType: 'image/webp', width: 640, height: 480 });
    // Lossless: signature 0x2F, then 14-bit width-1 and height-1.
    const w = 99;
    const h = 49;
    expect(
      readImageHeader(
        riff('VP8L', [
          0x2f,
          w & 0xff,
          ((w >> 8) & 0x3f) | ((h & 0x3) << 6),
          (h >> 2) & 0xff,
          h >> 10,
        ]),
      ),
    ).toEqual({ contentType: 'image/webp', width: 100, height: 50 });
    // Extended: 24-bit canvas width-1 and height-1.
    expect(readImageHeader(riff('VP8X', [0, 0, 0, 0, ...u24le(1919), ...u24le(1079)]))).toEqual({
      contentType: 'image/webp',
      width: 1920,
      height: 1080,
    });
  });

  it('answers null for anything else, or a header too short or broken to give a size', () => {
    expect(readImageHeader(bytes('%PDF-1.7'))).toBeNull();
    expect(readImageHeader(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(readImageHeader(jpegHeader(800, 600).subarray(0, 30))).toBeNull();
    expect(readImageHeader(bytes('GIF89a', u16le(0), u16le(10), [0]))).toBeNull();
    expect(readImageHeader(bytes([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]))).toBeNull();
    expect(readImageHeader(new Uint8Array())).toBeNull();
  });
});
