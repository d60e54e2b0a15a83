import { declareFunction } from '#functions/core/bindings';

/**
 * Results collection: the table (the due list, posts, results and totals, credentials), and the
 * X and LinkedIn clients to read with (and to refresh an access token that ran out).
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    // The tokens are stored encrypted; a refresh needs the OAuth client's secret.
    secrets: ['credentialKey', 'xClientSecret', 'linkedInClientSecret'],
  },
  timeoutSeconds: 300,
});
