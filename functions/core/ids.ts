import { randomBytes } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids made this way sort by
 * when they were made, so an id can be a sort key that lists newest (or oldest) first, and it has
 * the shape of every other path id (`PATH_ID_PATTERN`).
 */
export const newTimeOrderedId = (now: number = Date.now()): string =>
  timeOrderedIdOf(now, randomBytes(16));

/**
 * The UUIDv7 of `now` whose other bits are those of `bytes` (16 bytes; the first six become the
 * time, and the version and variant bits are set): for an id that must be the same whenever it is
 * made again from the same inputs.
 */
export const timeOrderedIdOf = (now: number, bytes: Buffer): string => {
  const millis = BigInt(now);
  for (let index = 0; index < 6; index++) {
    bytes[index] = Number((millis >> BigInt(8 * (5 - index))) & 0xffn);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * When a UUIDv7 was made (its first 48 bits, Unix milliseconds), as UTC ISO. Any other id reads
 * as the Unix epoch: it has no time, and sorts before every id that has one.
 */
export const timeOfOrderedId = (id: string): string => {
  const hex = id.replaceAll('-', '');
  if (!/^[0-9a-f]{12}7/i.test(hex)) return new Date(0).toISOString();
  return new Date(Number.parseInt(hex.slice(0, 12), 16)).toISOString();
};
