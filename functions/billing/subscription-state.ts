import type Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '#shared/domain/subscription';
import { TIER_IDS, type TierId } from '#shared/domain/tiers';

/**
 * What a Stripe subscription means for its company, decided from the subscription alone: the
 * webhook and the routes that change a plan both apply Stripe's current state through this, so
 * however late, repeated or out of order the events come, the company ends where Stripe is.
 */

/** A subscription that is over: the company drops to intro. */
const ENDED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export interface SubscriptionFacts {
  subscriptionId: string;
  customerId: string;
  /** Our company, from the metadata checkout puts on the subscription. */
  companyId: string | undefined;
  /** Seconds since the epoch: which of two subscriptions is the newer. */
  created: number;
  status: SubscriptionStatus;
  ended: boolean;
  /** The tier its price is (metadata when the price is none of ours); undefined when neither says. */
  tier: TierId | undefined;
}

/** What the company's plan fields become. `null` removes the field. */
export interface CompanyPlanChange {
  stripeSubscriptionId: string;
  subscriptionStatus: SubscriptionStatus;
  /** Undefined: the tier stays as it is (a price that is none of ours). */
  subscriptionTier: TierId | undefined;
  pendingDowngrade: boolean;
  subscriptionCurrentPeriodEnd: string | null;
}

/**
 * Stripe's statuses are ours, except `paused` (a trial that ended without a card; we start none),
 * which stops the service like `unpaid` does and is shown as such.
 */
export const statusOf = (status: Stripe.Subscription.Status): SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : 'unpaid';

const isTier = (value: unknown): value is TierId =>
  typeof value === 'string' && (TIER_IDS as readonly string[]).includes(value);

export const idOf = (value: string | { id: string }): string =>
  typeof value === 'string' ? value : value.id;

const isoOf = (seconds: number | null | undefined): string | null =>
  seconds ? new Date(seconds * 1000).toISOString() : null;

export const subscriptionFactsOf = (
  subscription: Stripe.Subscription,
  tierOfPrice: (priceId: string) => TierId | undefined,
): SubscriptionFacts => {
  const status = statusOf(subscription.status);
  const priceId = subscription.items.data[0]?.price.id;
  const metadataTier = subscription.metadata?.tier;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    companyId: subscription.metadata?.companyId || undefined,
    created: subscription.created,
    status,
    ended: ENDED_STATUSES.includes(status),
    tier: (priceId && tierOfPrice(priceId)) || (isTier(metadataTier) ? metadataTier : undefined),
  };
};

export const planChangeOf = (
  subscription: Stripe.Subscription,
  facts: SubscriptionFacts,
): CompanyPlanChange => {
  if (facts.ended) {
    // Kept with its id and status, so the overview explains why the plan ended.
    return {
      stripeSubscriptionId: facts.subscriptionId,
      subscriptionStatus: facts.status,
      subscriptionTier: 'intro',
      pendingDowngrade: false,
      subscriptionCurrentPeriodEnd: null,
    };
  }
  // A cancellation is either at the period's end (ours) or at a date (Stripe's portal may set one).
  const cancelling = subscription.cancel_at_period_end || subscription.cancel_at !== null;
  // Since API version 2025-03-31 the period lives on each item; ours have one item.
  const periodEnd = subscription.items.data[0]?.current_period_end;
  return {
    stripeSubscriptionId: facts.subscriptionId,
    subscriptionStatus: facts.status,
    subscriptionTier: facts.tier,
    pendingDowngrade: cancelling,
    subscriptionCurrentPeriodEnd: isoOf(subscription.cancel_at ?? periodEnd),
  };
};
