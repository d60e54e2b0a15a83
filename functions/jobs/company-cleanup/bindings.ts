import { declareFunction } from '#functions/core/bindings';

/**
 * Removes every item a deleted company owned (media objects and schedules join as they arrive),
 * after revoking its connected accounts' grants: the key that decrypts their tokens and the OAuth
 * clients of X and LinkedIn.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    secrets: ['credentialKey', 'xClientSecret', 'linkedInClientSecret'],
  },
  memoryMb: 1024,
  timeoutSeconds: 900,
});
