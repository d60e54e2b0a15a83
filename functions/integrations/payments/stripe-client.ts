import Stripe from 'stripe';

/**
 * The Stripe SDK, made for one account: the real API, or the sandbox's stand-in of it
 * (infra/sandbox/providers/stripe/), which answers the same requests at another base URL. The SDK
 * takes a host, a port and a protocol but no base path, so for any base other than Stripe's own
 * its requests go through `fetch`, moved to the configured base once the SDK has built them —
 * the same way the X client moves twitter-api-v2's requests (integrations/social/x-client.ts).
 */

export const STRIPE_API_ORIGIN = 'https://api.stripe.com';

export interface StripeClientSettings {
  secretKey: string;
  /** `https://api.stripe.com`, or the stand-in's base (no trailing slash). */
  apiBaseUrl: string;
  /** How long one request may take, answer included. */
  timeoutMs: number;
  /**
   * Retries of a request that got no answer, a 409 or a 5xx, with backoff. The SDK gives every
   * POST an idempotency key, so a retried create cannot make a second object.
   */
  maxNetworkRetries: number;
}

/** `fetch`, with requests for Stripe's API sent to `apiBaseUrl` instead. */
const fetchAt =
  (apiBaseUrl: string): typeof fetch =>
  (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const moved =
      url.origin === STRIPE_API_ORIGIN ? `${apiBaseUrl}${url.pathname}${url.search}` : url;
    return fetch(moved, init);
  };

export const createStripeClient = (settings: StripeClientSettings): Stripe =>
  new Stripe(settings.secretKey, {
    timeout: settings.timeoutMs,
    maxNetworkRetries: settings.maxNetworkRetries,
    // Latency telemetry goes to Stripe only; the stand-in has no use for it.
    telemetry: settings.apiBaseUrl === STRIPE_API_ORIGIN,
    appInfo: { name: 'Sailpost' },
    ...(settings.apiBaseUrl === STRIPE_API_ORIGIN
      ? {}
      : { httpClient: Stripe.createFetchHttpClient(fetchAt(settings.apiBaseUrl)) }),
  });
