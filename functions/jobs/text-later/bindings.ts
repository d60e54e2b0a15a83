import { declareFunction } from '#functions/core/bindings';

/**
 * Sends the texts that met the identity's throughput when they were due, from the text-later
 * queue: the table (the claim on each text, the throughput bucket), SMS, and its own queue, to put
 * a text back with a delay while the limit is still reached.
 */
export const declaration = declareFunction({
  bindings: { table: 'read-write', sms: true, enqueues: ['text-later'] },
  // One text, which may wait a few seconds for the bucket.
  timeoutSeconds: 30,
});
