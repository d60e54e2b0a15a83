import { declareFunction } from '#functions/core/bindings';

/**
 * Daily: finds the credentials whose owners are due a reconnection warning (a sparse index of the
 * table, never a scan), claims each warning with a conditional write, and emails and texts the
 * owner with a link to the app. It reads no token, so it has no credential key.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    email: true,
    sms: true,
    appUrl: true,
    // A warning's text that meets the texting limit waits on the text-later queue.
    enqueues: ['text-later'],
  },
  timeoutSeconds: 300,
});
