import { declareFunction } from '#functions/core/bindings';

/**
 * Makes an image asset's thumbnail: the table (the asset; the checks on its campaign and company;
 * its idempotency claim) and the media bucket (reads the file, writes the thumbnail, deletes one
 * that must not stay; listing, which read-write brings, makes a missing file a 404, not a 403).
 *
 * Memory: decoding takes 4 bytes a pixel and the JPEG decoder several more while it works — a
 * 12-megapixel photo peaked at ~470 MB locally, a 40-megapixel JPEG (the largest the job decodes,
 * functions/media/thumbnail-image.ts) at ~1.4 GB — so 2 GB, which also brings more than one vCPU.
 * Time: a 12-megapixel JPEG took ~2.5-4.5 s on one local core, a 40-megapixel one ~15 s; 120 s
 * leaves room for a slower core, S3 and retries of the final write.
 */
export const declaration = declareFunction({
  bindings: { table: 'read-write', mediaBucket: 'read-write' },
  memoryMb: 2048,
  timeoutSeconds: 120,
});
