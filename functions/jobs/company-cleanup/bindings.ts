import { declareFunction } from '#functions/core/bindings';

/**
 * Removes every item a deleted company owned (schedules join as they arrive) and its media files
 * (the media bucket: listing and deleting under the company's prefixes), after revoking its
 * connected accounts' grants (the key that decrypts their tokens and the OAuth clients of X,
 * LinkedIn and Meta) and ending its Stripe subscription (Stripe's key).
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    mediaBucket: 'read-write',
    secrets: [
      'credentialKey',
      'xClientSecret',
      'linkedInClientSecret',
      'metaAppSecret',
      'stripeSecretKey',
    ],
  },
  memoryMb: 1024,
  timeoutSeconds: 900,
});
