import Stripe from 'stripe';
import { TIER_IDS, TIERS, type TierId } from '#shared/domain/tiers';
import { STRIPE_STAND_IN_PRICES } from './stand-in-account';
import { stripeId, type SentEvent, type StripeObject, type StripeStore } from './stripe-store';

/**
 * The Stripe account the stand-in plays, as objects and what happens to them: customers,
 * subscription-mode checkout sessions that become subscriptions when paid, subscriptions that
 * change price, cancel at the period's end, fail a payment, renew or end, their invoices, and the
 * events each change sends to the app's webhook — signed with Stripe's own helper and the
 * endpoint's secret, retried a few times like Stripe when the app does not answer 2xx. Deliveries
 * go out one at a time in the order the changes happened; `settled()` waits for them, so a page
 * can send the browser on only once the app has applied what it was sent.
 */

const DAY_SECONDS = 24 * 60 * 60;
/** Attempts per delivery, and the pause before each retry (Stripe's are hours apart). */
const DELIVERY_DELAYS_MS = [0, 250, 1000];

export const API_VERSION = Stripe.API_VERSION;

export const now = (): number => Math.floor(Date.now() / 1000);

/** One month on, as Stripe's monthly billing counts it (the same day of the next month). */
export const monthAfter = (seconds: number): number => {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
};

/** The stand-in's prices: one per tier, the tier's monthly price in cents. */
export const priceObject = (tier: TierId): StripeObject => ({
  id: STRIPE_STAND_IN_PRICES[tier],
  object: 'price',
  active: true,
  currency: 'usd',
  unit_amount: TIERS[tier].monthlyPrice * 100,
  unit_amount_decimal: String(TIERS[tier].monthlyPrice * 100),
  nickname: TIERS[tier].name,
  product: `prod_sandbox_${tier}`,
  recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
  type: 'recurring',
  livemode: false,
  metadata: {},
  created: 1_767_225_600,
});

export const tierOfPrice = (priceId: string): TierId | undefined =>
  TIER_IDS.find((tier) => STRIPE_STAND_IN_PRICES[tier] === priceId);

/** The parts of a subscription the panel and pages read. */
export interface SubscriptionView {
  id: string;
  customer: string;
  status: string;
  tier: TierId | undefined;
  priceId: string;
  amount: number;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
  created: number;
  metadata: Record<string, string>;
}

export const viewOf = (subscription: StripeObject): SubscriptionView => {
  const item = (subscription.items as { data: StripeObject[] }).data[0]!;
  const price = item.price as StripeObject;
  return {
    id: subscription.id,
    customer: subscription.customer as string,
    status: subscription.status as string,
    tier: tierOfPrice(price.id),
    priceId: price.id,
    amount: price.unit_amount as number,
    cancelAtPeriodEnd: subscription.cancel_at_period_end as boolean,
    currentPeriodEnd: item.current_period_end as number,
    created: subscription.created as number,
    metadata: subscription.metadata as Record<string, string>,
  };
};

export interface StripeAccountOptions {
  store: StripeStore;
  /** Where the app's webhook answers (`…/api/stripe/webhook`). */
  webhookUrl: () => string;
  webhookSecret: string;
}

export type StripeAccount = ReturnType<typeof createStripeAccount>;

export const createStripeAccount = ({ store, webhookUrl, webhookSecret }: StripeAccountOptions) => {
  const { data } = store;
  let deliveries: Promise<void> = Promise.resolve();

  const deliverOnce = async (sent: SentEvent): Promise<number> => {
    const payload = JSON.stringify(sent.event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    try {
      const response = await fetch(webhookUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  };

  /** Delivers `sent` until the app answers 2xx, a few times at most; records every attempt. */
  const deliver = async (sent: SentEvent): Promise<number> => {
    let status = 0;
    for (const delay of DELIVERY_DELAYS_MS) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      status = await deliverOnce(sent);
      sent.deliveries.push({ at: new Date().toISOString(), status });
      await store.save();
      if (status >= 200 && status < 300) break;
    }
    return status;
  };

  /** Records an event and queues its delivery behind those before it. */
  const emit = (type: string, object: StripeObject, previous?: Record<string, unknown>) => {
    const event: StripeObject = {
      id: stripeId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      type,
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const sent: SentEvent = { event, deliveries: [] };
    data.events.push(sent);
    deliveries = deliveries.then(() => deliver(sent).then(() => undefined));
  };

  const invoiceFor = (
    subscription: StripeObject,
    paid: boolean,
    billingReason: string,
  ): StripeObject => {
    const view = viewOf(subscription);
    const created = now();
    const invoice: StripeObject = {
      id: stripeId('in'),
      object: 'invoice',
      customer: view.customer,
      status: paid ? 'paid' : 'open',
      amount_due: view.amount,
      amount_paid: paid ? view.amount : 0,
      amount_remaining: paid ? 0 : view.amount,
      currency: 'usd',
      created,
      period_start: created,
      period_end: view.currentPeriodEnd,
      billing_reason: billingReason,
      attempt_count: 1,
      attempted: true,
      next_payment_attempt: paid ? null : created + 3 * DAY_SECONDS,
      number: `SBX-${String(Object.keys(data.invoices).length + 1).padStart(4, '0')}`,
      hosted_invoice_url: null,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: view.id, metadata: view.metadata },
      },
      lines: {
        object: 'list',
        data: [{ id: stripeId('il'), object: 'line_item', amount: view.amount, currency: 'usd' }],
        has_more: false,
        url: '/v1/invoices/lines',
      },
    };
    data.invoices[invoice.id] = invoice;
    subscription.latest_invoice = invoice.id;
    return invoice;
  };

  const setPeriod = (subscription: StripeObject, start: number): void => {
    const item = (subscription.items as { data: StripeObject[] }).data[0]!;
    item.current_period_start = start;
    item.current_period_end = monthAfter(start);
  };

  const subscriptionNamed = (id: string): StripeObject => {
    const subscription = data.subscriptions[id];
    if (!subscription) throw new Error(`No such subscription: '${id}'`);
    return subscription;
  };

  /** What `POST /v1/subscriptions/{id}` changes: the item's price, the cancellation, metadata. */
  const updateSubscription = (id: string, params: Record<string, unknown>): StripeObject => {
    const subscription = subscriptionNamed(id);
    const previous: Record<string, unknown> = {};
    const items = params.items as { id?: string; price?: string }[] | undefined;
    for (const change of items ?? []) {
      const item = (subscription.items as { data: StripeObject[] }).data.find(
        (candidate) => candidate.id === change.id,
      );
      const tier = change.price ? tierOfPrice(change.price) : undefined;
      if (!item || !tier) throw new Error(`No such price or item: ${JSON.stringify(change)}`);
      previous.items = structuredClone(subscription.items);
      item.price = priceObject(tier);
    }
    if (params.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
    }
    if (params.metadata && typeof params.metadata === 'object') {
      previous.metadata = subscription.metadata;
      subscription.metadata = {
        ...(subscription.metadata as Record<string, string>),
        ...(params.metadata as Record<string, string>),
      };
    }
    if (Object.keys(previous).length) emit('customer.subscription.updated', subscription, previous);
    return subscription;
  };

  return {
    data,
    apiVersion: API_VERSION,
    emit,
    deliver,
    /** Resolves once every delivery queued so far has been made (or given up on). */
    settled: async (): Promise<void> => {
      let current: Promise<void>;
      do {
        current = deliveries;
        await current;
      } while (current !== deliveries);
    },

    createCustomer(params: Record<string, unknown>): StripeObject {
      const customer: StripeObject = {
        id: stripeId('cus'),
        object: 'customer',
        created: now(),
        email: (params.email as string | undefined) ?? null,
        name: (params.name as string | undefined) ?? null,
        description: null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        invoice_settings: { default_payment_method: null },
        livemode: false,
      };
      data.customers[customer.id] = customer;
      return customer;
    },

    /** Pays an open session: the subscription (a month, active), its invoice, three events. */
    payCheckout(session: StripeObject): StripeObject {
      if (session.status !== 'open') return session;
      const lineItem = (session.line_items as { price: string; quantity: number }[])[0]!;
      const tier = tierOfPrice(lineItem.price)!;
      const start = now();
      const subscriptionData = (session.subscription_data ?? {}) as {
        metadata?: Record<string, string>;
      };
      const subscriptionId = stripeId('sub');
      const subscription: StripeObject = {
        id: subscriptionId,
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        created: start,
        start_date: start,
        billing_cycle_anchor: start,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        collection_method: 'charge_automatically',
        currency: 'usd',
        default_payment_method: 'pm_sandbox_visa',
        latest_invoice: null,
        livemode: false,
        metadata: subscriptionData.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: stripeId('si'),
              object: 'subscription_item',
              created: start,
              price: priceObject(tier),
              quantity: lineItem.quantity,
              subscription: subscriptionId,
              current_period_start: start,
              current_period_end: monthAfter(start),
              metadata: {},
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
      };
      data.subscriptions[subscription.id] = subscription;
      const invoice = invoiceFor(subscription, true, 'subscription_create');
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
        invoice: invoice.id,
      });
      emit('checkout.session.completed', session);
      emit('customer.subscription.created', subscription);
      emit('invoice.paid', invoice);
      return session;
    },

    updateSubscription,

    /** The panel's "Payment fails": the renewal's invoice fails, the subscription is past due. */
    failPayment(id: string): StripeObject {
      const subscription = subscriptionNamed(id);
      const previous = { status: subscription.status };
      subscription.status = 'past_due';
      const invoice = invoiceFor(subscription, false, 'subscription_cycle');
      emit('invoice.payment_failed', invoice);
      emit('customer.subscription.updated', subscription, previous);
      return subscription;
    },

    /** Cancelled at once (DELETE /v1/subscriptions/{id}): ends now, deleted. */
    cancelNow(id: string): StripeObject {
      const subscription = subscriptionNamed(id);
      const at = now();
      Object.assign(subscription, { status: 'canceled', canceled_at: at, ended_at: at });
      emit('customer.subscription.deleted', subscription);
      return subscription;
    },

    /** The panel's "Cancel at period end" (what the owner's cancel does through the API). */
    cancelAtPeriodEnd(id: string): StripeObject {
      return updateSubscription(id, { cancel_at_period_end: 'true' });
    },

    /**
     * The panel's "End period now": a cancelling subscription ends (deleted); any other renews
     * for a month, paid (a past-due one is settled).
     */
    endPeriod(id: string): StripeObject {
      const subscription = subscriptionNamed(id);
      if (subscription.status === 'canceled') return subscription;
      const at = now();
      if (subscription.cancel_at_period_end) {
        Object.assign(subscription, { status: 'canceled', canceled_at: at, ended_at: at });
        emit('customer.subscription.deleted', subscription);
        return subscription;
      }
      const previous = { status: subscription.status, items: structuredClone(subscription.items) };
      setPeriod(subscription, at);
      subscription.status = 'active';
      const invoice = invoiceFor(subscription, true, 'subscription_cycle');
      emit('invoice.paid', invoice);
      emit('customer.subscription.updated', subscription, previous);
      return subscription;
    },
  };
};
