import { declareFunction } from '#functions/core/bindings';

/**
 * Writes one post (or revises one) with the drafter (OpenAI with the key, offline without) and
 * texts the owner that it is ready (SMS; the app's address for the link). A model's answer, with
 * a second try when it runs long, can outlast API Gateway's 30 s, hence a job; three minutes is past
 * the drafter's own deadline, so its failure is always recorded.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    secrets: ['openAiKey'],
    sms: true,
    appUrl: true,
    // A draft's text that meets the texting limit waits on the text-later queue.
    enqueues: ['text-later'],
  },
  timeoutSeconds: 180,
});
