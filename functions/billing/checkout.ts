import type Stripe from 'stripe';
import type { CheckoutResponse } from '#shared/contract/billing';
import { CHECKOUT_RETURN } from '#shared/domain/billing';
import { PAYING_STATUSES, purchasableTiers } from '#shared/domain/subscription';
import { TIERS, type TierId } from '#shared/domain/tiers';
import { resolveAppUrl } from '../core/app-url';
import type { UserRecord } from '../core/db/entities/user';
import type { CompanyRecord } from '../core/db/entities/company';
import { toCompany } from '../domain/companies/company-view';
import { Conflict } from '../core/errors';
import { stripeClient, stripePrices } from '../integrations/payments/provider';
import { callingStripe } from '../integrations/payments/stripe-failures';
import { customerOf } from './customers';
import { ANALYTICS_CLIENT_METADATA } from './purchase-event';
import { applySubscription } from './subscription-sync';

/**
 * Buying a plan. A company without a live subscription goes to Stripe's hosted checkout; its plan
 * changes when the webhook applies the subscription the checkout made. A company already paying
 * changes tier in place (Stripe prorates), and its plan changes at once.
 */

/**
 * A double click, or a retry after a lost answer, finds the session the first request made:
 * the idempotency key names the company, the tier and this window. A later click makes a new one.
 */
const CHECKOUT_KEY_WINDOW_MS = 5 * 60 * 1000;

export const hasLiveSubscription = (
  company: CompanyRecord,
): company is CompanyRecord & {
  stripeSubscriptionId: string;
} =>
  Boolean(company.stripeSubscriptionId) &&
  PAYING_STATUSES.includes(company.subscriptionStatus ?? 'canceled');

/** The company overview, where Stripe sends the browser back (the web reads `CHECKOUT_RETURN`). */
export const overviewUrl = async (companyId: string): Promise<string> =>
  `${await resolveAppUrl()}/dashboard/company/${encodeURIComponent(companyId)}`;

const refuseUnavailable = (company: CompanyRecord, tier: TierId): void => {
  if (!purchasableTiers(company).includes(tier)) {
    throw new Conflict(
      'PLAN_NOT_AVAILABLE',
      `Founder companies have the ${TIERS[tier].name} plan free for life: choose Silver, Gold or Platinum to upgrade.`,
    );
  }
  if (hasLiveSubscription(company) && company.subscriptionTier === tier) {
    throw new Conflict(
      'PLAN_ALREADY_ACTIVE',
      `This company is already on the ${TIERS[tier].name} plan.`,
    );
  }
};

/** The paying company's one subscription item moves to the tier's price; Stripe prorates. */
const changeInPlace = async (
  stripe: Stripe,
  subscription: Stripe.Subscription,
  tier: TierId,
  companyId: string,
): Promise<Stripe.Subscription> => {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`The subscription ${subscription.id} has no item`);
  // No idempotency key of ours: the same change made twice changes nothing the second time, and
  // the SDK keys its own retries. A key would replay a stale answer after gold → platinum → gold.
  return callingStripe('change plan', () =>
    stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: stripePrices().priceOf(tier) }],
      proration_behavior: 'create_prorations',
      // Choosing a plan takes back a cancellation.
      cancel_at_period_end: false,
      metadata: { companyId, tier },
    }),
  );
};

const newCheckout = async (
  stripe: Stripe,
  company: CompanyRecord,
  owner: UserRecord,
  tier: TierId,
  now: Date,
  analyticsClientId: string | undefined,
): Promise<CheckoutResponse> => {
  const customer = await customerOf(company, owner);
  const overview = await overviewUrl(company.companyId);
  const back = (outcome: string) =>
    `${overview}?${CHECKOUT_RETURN.param}=${outcome}&${CHECKOUT_RETURN.tierParam}=${tier}`;
  // The GA client id rides on the subscription, so each of its paid invoices names it.
  const metadata = {
    companyId: company.companyId,
    tier,
    ...(analyticsClientId ? { [ANALYTICS_CLIENT_METADATA]: analyticsClientId } : {}),
  };
  const window = Math.floor(now.getTime() / CHECKOUT_KEY_WINDOW_MS);
  const session = await callingStripe('create checkout session', () =>
    stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        client_reference_id: company.companyId,
        line_items: [{ price: stripePrices().priceOf(tier), quantity: 1 }],
        metadata,
        subscription_data: { metadata },
        // Stripe fills in {CHECKOUT_SESSION_ID}; it must reach Stripe unencoded.
        success_url: `${back(CHECKOUT_RETURN.success)}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: back(CHECKOUT_RETURN.cancelled),
      },
      // The client id is part of what is sent: the same key with other parameters is an error.
      {
        idempotencyKey: `checkout-${company.companyId}-${tier}-${customer}-${window}-${analyticsClientId ?? 'none'}`,
      },
    ),
  );
  if (!session.url)
    throw new Error(`Stripe answered the checkout session ${session.id} without a URL`);
  return { outcome: 'checkout', sessionId: session.id, url: session.url };
};

export const startCheckout = async ({
  company,
  owner,
  tier,
  now = new Date(),
  analyticsClientId,
}: {
  company: CompanyRecord;
  owner: UserRecord;
  tier: TierId;
  now?: Date;
  /** The browser's GA client id, when the visitor accepted analytics. */
  analyticsClientId?: string | undefined;
}): Promise<CheckoutResponse> => {
  refuseUnavailable(company, tier);
  const stripe = await stripeClient();
  if (hasLiveSubscription(company)) {
    const current = await callingStripe('retrieve subscription', () =>
      stripe.subscriptions.retrieve(company.stripeSubscriptionId),
    );
    const synced = await applySubscription(current);
    const fresh = synced.applied ? synced.company : company;
    if (hasLiveSubscription(fresh) && fresh.stripeSubscriptionId === current.id) {
      // Stripe's state may have moved since the company was read (the same tier, now).
      refuseUnavailable(fresh, tier);
      const changed = await changeInPlace(stripe, current, tier, company.companyId);
      const applied = await applySubscription(changed);
      return { outcome: 'updated', company: toCompany(applied.applied ? applied.company : fresh) };
    }
    // The subscription ended meanwhile (its webhook is still on the way): a new checkout.
    return newCheckout(stripe, fresh, owner, tier, now, analyticsClientId);
  }
  return newCheckout(stripe, company, owner, tier, now, analyticsClientId);
};
