import { declareFunction } from '#functions/core/bindings';
import { PUBLISHER_TIMEOUT_SECONDS } from '#shared/domain/content';

/**
 * Publishes one scheduled post: the table (the post, its company, campaign, media assets and the
 * credential, whose refreshed tokens it writes), the media bucket (the post's images; it writes the
 * JPEG rendition of a PNG or GIF that Instagram needs when the media-thumbnail job has not yet, and
 * listing, which read-write brings, makes a missing rendition a 404 rather than a 403),
 * the key that decrypts the tokens and the OAuth clients of X, LinkedIn and Meta (a refresh needs the
 * client's secret), and its own schedule for the next attempt after a 429 or a 5xx.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    mediaBucket: 'read-write',
    schedules: ['publisher'],
    secrets: ['credentialKey', 'xClientSecret', 'linkedInClientSecret', 'metaAppSecret'],
    // A post that fails is texted to its owner, with RETRY / SKIP.
    sms: true,
    appUrl: true,
    // That text, when it meets the texting limit, waits on the text-later queue.
    enqueues: ['text-later'],
  },
  // Images are relayed through memory and a provider's upload waits on its processing, as for
  // Post now (the platforms group's 1024 MB).
  memoryMb: 1024,
  // A claim older than this is an unknown outcome (the sweeper fails it): the function must
  // never outlive its own claim.
  timeoutSeconds: PUBLISHER_TIMEOUT_SECONDS,
});
