import { declareFunction } from '#functions/core/bindings';

/**
 * Answers the owner's text replies from the inbound SMS topic: the table (the sender's account,
 * its newest text's numbering, the posts it reviews, their campaigns and slots), SMS (the answer,
 * and the app's address for its links), the content-generation job an AI revision starts, and the
 * publisher's schedules an approval or a RETRY writes, and GA4's Measurement Protocol secret (an
 * approval or rejection by text is reported as the app's are).
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    // Approving an Instagram post by text reads its images' headers, as the app's review does.
    mediaBucket: 'read',
    sms: true,
    appUrl: true,
    starts: ['content-generation'],
    schedules: ['publisher'],
    // An answer that meets the texting limit waits on the text-later queue.
    enqueues: ['text-later'],
    secrets: ['measurementProtocolSecret'],
  },
  timeoutSeconds: 60,
});
