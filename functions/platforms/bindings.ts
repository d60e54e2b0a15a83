import { declareFunction } from '#functions/core/bindings';

/**
 * Connecting, disconnecting and posting now: the table (credentials, OAuth states), the media
 * bucket (presigned uploads are signed with this function's role, posts read the objects), the
 * key that encrypts the tokens, the OAuth clients of X, LinkedIn and Meta (their secrets bring their
 * ids), and the app's URL (the OAuth redirect URI and where the callbacks send the browser back to).
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    mediaBucket: 'read-write',
    appUrl: true,
    secrets: [
      'tokenKey',
      'originKey',
      'credentialKey',
      'xClientSecret',
      'linkedInClientSecret',
      'metaAppSecret',
    ],
  },
  // Posting relays the post's media (up to 100 MB of video) through memory, and waits on the
  // provider's upload: more memory (and with it CPU) and up to API Gateway's 30 s.
  memoryMb: 1024,
  timeoutSeconds: 29,
});
