import { createJimp } from '@jimp/core';
import gif from '@jimp/js-gif';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from '../core/media/image-header';
import { sniffMediaType } from '#shared/domain/media-sniffing';
import {
  makeJpegRendition,
  makeThumbnail,
  MAX_DECODE_PIXELS,
  thumbnailSize,
  UnusableImage,
} from './thumbnail-image';

const Jimp = createJimp({ formats: [jpeg, png, gif] });

/** A picture with something in it: a gradient, opaque unless `alpha` says otherwise. */
const picture = (width: number, height: number, alpha = 255) => {
  const image = new Jimp({ width, height, color: 0xffffffff });
  const { data } = image.bitmap;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data[at] = Math.floor((x * 255) / width);
      data[at + 1] = Math.floor((y * 255) / height);
      data[at + 2] = 128;
      data[at + 3] = alpha;
    }
  }
  return image;
};

const encoded = async (
  width: number,
  height: number,
  mime: 'image/png' | 'image/jpeg' | 'image/gif',
) => new Uint8Array(await picture(width, height).getBuffer(mime));

/** A JPEG with an EXIF block saying how to turn it (orientation 1-8), as cameras write it. */
const withOrientation = (jpegBytes: Uint8Array, orientation: number): Uint8Array => {
  const tiff = Buffer.from([
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // big-endian, IFD0 at 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = payload.length + 2;
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]), payload]);
  return new Uint8Array(Buffer.concat([jpegBytes.subarray(0, 2), app1, jpegBytes.subarray(2)]));
};

describe('thumbnailSize', () => {
  it('brings the longest side to 480 px, keeping the proportions', () => {
    expect(thumbnailSize({ width: 1200, height: 800 })).toEqual({ width: 480, height: 320 });
    expect(thumbnailSize({ width: 800, height: 1200 })).toEqual({ width: 320, height: 480 });
    expect(thumbnailSize({ width: 4000, height: 3000 })).toEqual({ width: 480, height: 360 });
    expect(thumbnailSize({ width: 1000, height: 1000 })).toEqual({ width: 480, height: 480 });
    // Rounded to the nearest pixel: 481 × 480/4032 = 57.26.
    expect(thumbnailSize({ width: 4032, height: 481 })).toEqual({ width: 480, height: 57 });
  });

  it('never upscales, and never goes below one pixel', () => {
    expect(thumbnailSize({ width: 480, height: 100 })).toEqual({ width: 480, height: 100 });
    expect(thumbnailSize({ width: 1, height: 1 })).toEqual({ width: 1, height: 1 });
    expect(thumbnailSize({ width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
    expect(thumbnailSize({ width: 10_000, height: 1 })).toEqual({ width: 480, height: 1 });
    expect(thumbnailSize({ width: 1, height: 10_000 })).toEqual({ width: 1, height: 480 });
  });

  it('refuses a size no image has', () => {
    expect(() => thumbnailSize({ width: 0, height: 10 })).toThrow(RangeError);
    expect(() => thumbnailSize({ width: Number.NaN, height: 10 })).toThrow(RangeError);
  });
});

/** The size the header reader states, as the thumbnail job checks it before decoding. */
const imageDimensions = (bytes: Uint8Array) => {
  const header = readImageHeader(bytes);
  return header && { width: header.width, height: header.height };
};

describe('the stated size of an encoded image', () => {
  it('reads the size from the header of a PNG, a GIF and a JPEG', async () => {
    expect(imageDimensions(await encoded(123, 45, 'image/png'))).toEqual({
      width: 123,
      height: 45,
    });
    expect(imageDimensions(await encoded(67, 89, 'image/gif'))).toEqual({ width: 67, height: 89 });
    expect(imageDimensions(await encoded(640, 427, 'image/jpeg'))).toEqual({
      width: 640,
      height: 427,
    });
    // Past an EXIF block (APP1) to the frame header.
    expect(imageDimensions(withOrientation(await encoded(30, 20, 'image/jpeg'), 6))).toEqual({
      width: 30,
      height: 20,
    });
  });

  it('says nothing for a header that states no size', () => {
    // What passes the upload sniff without being a whole image.
    const jfifOnly = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...Buffer.from('JFIF\0'),
      ...new Array(200).fill(7),
    ]);
    expect(sniffMediaType(jfifOnly)).toBe('image/jpeg');
    expect(imageDimensions(jfifOnly)).toBeNull();
    expect(imageDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]))).toBeNull();
    const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    expect(imageDimensions(new Uint8Array(pngSignature))).toBeNull();
    expect(imageDimensions(new Uint8Array([...Buffer.from('GIF89a'), 0, 0, 0, 0]))).toBeNull();
    expect(imageDimensions(new Uint8Array(Buffer.from('MZ this is no image')))).toBeNull();
  });
});

describe('makeThumbnail', () => {
  it('scales a 1200×800 PNG to a 480×320 JPEG', async () => {
    const thumbnail = await makeThumbnail(await encoded(1200, 800, 'image/png'));
    expect(thumbnail).toMatchObject({
      width: 480,
      height: 320,
      source: { width: 1200, height: 800 },
    });
    expect(sniffMediaType(thumbnail.bytes)).toBe('image/jpeg');
    const decoded = await Jimp.fromBuffer(Buffer.from(thumbnail.bytes));
    expect([decoded.width, decoded.height]).toEqual([480, 320]);
    // The picture survives the trip: the gradient runs dark to light, left to right.
    const left = decoded.getPixelColor(5, 160) >>> 24;
    const right = decoded.getPixelColor(474, 160) >>> 24;
    expect(right - left).toBeGreaterThan(200);
  });

  it('keeps a small image at its size, and takes the first frame of a GIF', async () => {
    const thumbnail = await makeThumbnail(await encoded(200, 120, 'image/gif'));
    expect(thumbnail).toMatchObject({ width: 200, height: 120 });
    expect(sniffMediaType(thumbnail.bytes)).toBe('image/jpeg');
  });

  it('turns a photo upright as its EXIF orientation says', async () => {
    // Stored 960×480 on its side (orientation 6: turn 90° clockwise to view).
    const sideways = withOrientation(await encoded(960, 480, 'image/jpeg'), 6);
    const thumbnail = await makeThumbnail(sideways);
    expect(thumbnail).toMatchObject({ width: 240, height: 480 });
    const decoded = await Jimp.fromBuffer(Buffer.from(thumbnail.bytes));
    expect([decoded.width, decoded.height]).toEqual([240, 480]);
  });

  it('flattens transparency onto white', async () => {
    const clear = new Uint8Array(await picture(600, 400, 0).getBuffer('image/png'));
    const thumbnail = await makeThumbnail(clear);
    const decoded = await Jimp.fromBuffer(Buffer.from(thumbnail.bytes));
    const [red, green, blue] = [24, 16, 8].map(
      (shift) => (decoded.getPixelColor(100, 100) >>> shift) & 0xff,
    );
    expect(Math.min(red!, green!, blue!)).toBeGreaterThan(245);
  });

  it('refuses a corrupt image, and one that is too large, before decoding it', async () => {
    const valid = await encoded(300, 200, 'image/png');
    // The signature and IHDR, then garbage where the image data was.
    const corrupt = new Uint8Array(valid.length);
    corrupt.set(valid.subarray(0, 33));
    corrupt.fill(0x5a, 33);
    expect(sniffMediaType(corrupt)).toBe('image/png');
    await expect(makeThumbnail(corrupt)).rejects.toBeInstanceOf(UnusableImage);

    const jfifOnly = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF\0')]);
    await expect(makeThumbnail(jfifOnly)).rejects.toThrow(/states no size/);

    // A PNG whose header claims 8000×6000 (48 megapixels): refused from the header alone.
    const huge = new Uint8Array(valid);
    new DataView(huge.buffer).setUint32(16, 8000);
    new DataView(huge.buffer).setUint32(20, 6000);
    expect(8000 * 6000).toBeGreaterThan(MAX_DECODE_PIXELS);
    await expect(makeThumbnail(huge)).rejects.toThrow(/8000×6000, over 40 megapixels/);
  });
});

describe('makeJpegRendition', () => {
  it('makes a full-size JPEG of a PNG, and of the first frame of a GIF', async () => {
    for (const mime of ['image/png', 'image/gif'] as const) {
      const rendition = await makeJpegRendition(await encoded(1500, 1000, mime));
      expect([rendition.width, rendition.height]).toEqual([1500, 1000]);
      expect([...rendition.bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
      expect(readImageHeader(rendition.bytes)).toMatchObject({
        contentType: 'image/jpeg',
        width: 1500,
        height: 1000,
      });
      // The picture, not a blank: red grows from left to right.
      const image = await Jimp.fromBuffer(Buffer.from(rendition.bytes));
      expect(
        (image.getPixelColor(1480, 500) >>> 24) - (image.getPixelColor(20, 500) >>> 24),
      ).toBeGreaterThan(180);
    }
  });

  it('flattens transparency onto white, and refuses a corrupt image', async () => {
    const clear = new Uint8Array(await picture(40, 40, 0).getBuffer('image/png'));
    const image = await Jimp.fromBuffer(Buffer.from((await makeJpegRendition(clear)).bytes));
    expect(image.getPixelColor(20, 20) >>> 8).toBeGreaterThan(0xf0f0f0);
    const corrupt = (await encoded(64, 64, 'image/png')).slice(0, 60);
    await expect(makeJpegRendition(corrupt)).rejects.toBeInstanceOf(UnusableImage);
  });
});
