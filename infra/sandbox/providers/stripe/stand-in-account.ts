import type { TierId } from '#shared/domain/tiers';

/**
 * The Stripe account the sandbox's stand-in plays: where it answers on the sandbox's origin, the
 * one API key it accepts and the price of each tier. The sandbox's functions use these when `.env`
 * has no Stripe key (function-environment.ts); the stand-in refuses any other key, as Stripe would.
 */
export const STRIPE_STAND_IN_PATH = '/_sandbox/providers/stripe';

export const STRIPE_STAND_IN_KEY = 'sk_test_sailpost_sandbox';

export const STRIPE_STAND_IN_PRICES: Readonly<Record<TierId, string>> = {
  intro: 'price_sandbox_intro',
  silver: 'price_sandbox_silver',
  gold: 'price_sandbox_gold',
  platinum: 'price_sandbox_platinum',
};
