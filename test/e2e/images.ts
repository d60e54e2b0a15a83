import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A real 8-bit RGB PNG whose pixels `colour` paints. */
export const makePng = (width: number, height: number, colour: (x: number, y: number) => Rgb) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (width * 3 + 1));
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) rows.set(colour(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A PNG of noise: incompressible, so a throttled upload takes a few seconds. */
export const noisePng = (width: number, height: number): Buffer => {
  const noise = randomBytes(width * height * 3);
  return makePng(width, height, (x, y) => {
    const at = (y * width + x) * 3;
    return [noise[at]!, noise[at + 1]!, noise[at + 2]!];
  });
};

/** A calm diagonal gradient between two colours, with a little grain so it is not tiny. */
export const gradientPng = (width: number, height: number, from: Rgb, to: Rgb): Buffer =>
  makePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const grain = Math.floor(Math.random() * 6);
    return [0, 1, 2].map((i) =>
      Math.min(255, Math.round(from[i]! + (to[i]! - from[i]!) * t) + grain),
    ) as unknown as Rgb;
  });
