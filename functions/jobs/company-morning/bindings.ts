import { declareFunction } from '#functions/core/bindings';

/**
 * One company's morning, taken from the mornings queue (the daily-drafts job fills it): the table,
 * the drafter (OpenAI with the key, offline without), SMS for the owner's digest (and the app's
 * address for its link), and its own queue, to put a morning back with a delay while an outside
 * limit is reached.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    secrets: ['openAiKey'],
    sms: true,
    appUrl: true,
    enqueues: ['company-morning', 'text-later'],
  },
  // A morning drafts a few posts one after another (each a few seconds of OpenAI) and may wait
  // for an outside limit within it.
  timeoutSeconds: 180,
});
