import type Stripe from 'stripe';
import { TIER_IDS, type TierId } from '#shared/domain/tiers';
import { config } from '#functions/core/config';
import { lazyAsync } from '#functions/core/lazy';
import { readDeclaredSecret } from '#functions/core/secrets';

/**
 * Stripe, made once per container on first use: the real API wherever a key is configured
 * (`.env` locally, Secrets Manager in AWS), the sandbox's stand-in otherwise — the sandbox then
 * gives its own key, prices and base URL, so this code does not know which it talks to. A function
 * that uses it declares the secrets `stripeSecretKey` (which brings the price ids) and, for the
 * webhook, `stripeWebhookSecret`.
 */

/**
 * Per request, answer included. Checkout makes up to three calls in a row (customer, session or
 * subscription) under API Gateway's 30 s, so one silent call must not use it all up.
 */
const REQUEST_TIMEOUT_MS = 6_000;
/** One retry: with the time-out above, a call never takes much more than 12 s. */
const MAX_NETWORK_RETRIES = 1;

export const stripeClient = lazyAsync(async (): Promise<Stripe> => {
  const secretKey = await readDeclaredSecret('stripeSecretKey');
  const { createStripeClient } = await import('./stripe-client');
  return createStripeClient({
    secretKey,
    apiBaseUrl: config().STRIPE_API_BASE_URL.replace(/\/+$/, ''),
    timeoutMs: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
  });
});

/** The signing secret of the webhook endpoint (`whsec_…`). */
export const stripeWebhookSecret = (): Promise<string> => readDeclaredSecret('stripeWebhookSecret');

const PRICE_VARIABLES = {
  intro: 'STRIPE_PRICE_INTRO',
  silver: 'STRIPE_PRICE_SILVER',
  gold: 'STRIPE_PRICE_GOLD',
  platinum: 'STRIPE_PRICE_PLATINUM',
} as const satisfies Record<TierId, string>;

export interface StripePrices {
  /** The price a tier is sold at; throws naming the variable when it is not configured. */
  priceOf(tier: TierId): string;
  /** The tier a price belongs to, if it is one of ours. */
  tierOf(priceId: string): TierId | undefined;
}

export const stripePrices = (): StripePrices => {
  const settings = config();
  return {
    priceOf(tier) {
      const price = settings[PRICE_VARIABLES[tier]];
      if (!price) throw new Error(`Missing configuration: ${PRICE_VARIABLES[tier]}`);
      return price;
    },
    tierOf: (priceId) => TIER_IDS.find((tier) => settings[PRICE_VARIABLES[tier]] === priceId),
  };
};
