import { declareFunction } from '#functions/core/bindings';

/**
 * Hourly: finds work that lost its trigger (a deleted company or campaign whose clean-up never
 * ran, a post that missed its slot, its publishing or its publisher's verdict) and restarts it:
 * the table to read the due watches and move posts, the clean-ups and the publisher to start, and
 * the publisher's schedules for a post it slots.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    starts: ['company-cleanup', 'campaign-cleanup', 'publisher'],
    // Slotting an approved post that missed its slot schedules the publisher.
    schedules: ['publisher'],
    // A post it fails as unknown is texted to its owner.
    sms: true,
    appUrl: true,
    // That text, when it meets the texting limit, waits on the text-later queue.
    enqueues: ['text-later'],
  },
  timeoutSeconds: 300,
});
