import { declareFunction } from '#functions/core/bindings';

/**
 * Removes every item a deleted company owned and its media files (schedules join as they
 * arrive), after revoking its connected accounts' grants (the key that decrypts their tokens and the OAuth
 * clients of X and LinkedIn) and ending its Stripe subscription (Stripe's key).
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    mediaBucket: 'read-write',
    secrets: ['credentialKey', 'xClientSecret', 'linkedInClientSecret', 'stripeSecretKey'],
  },
  memoryMb: 1024,
  timeoutSeconds: 900,
});
