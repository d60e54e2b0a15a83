import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Unavailable } from '#functions/core/errors';
import { createStripeClient } from '#functions/integrations/payments/stripe-client';
import { callingStripe, isStripeMissing } from '#functions/integrations/payments/stripe-failures';
import { routeRequests } from '../../router';
import {
  STRIPE_STAND_IN_KEY,
  STRIPE_STAND_IN_PATH,
  STRIPE_STAND_IN_PRICES,
} from './stand-in-account';
import { startStripeStandIn, type StripeStandIn } from './stripe-service';

/**
 * The real Stripe SDK, made the way the app makes it, against the sandbox's stand-in for Stripe
 * (the HTTP fake the API tests use too), and the stand-in's webhook deliveries checked with
 * Stripe's own verification.
 */

const WEBHOOK_SECRET = 'whsec_client_test';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('the Stripe SDK against the stand-in', () => {
  let standIn: StripeStandIn;
  let server: Server;
  let origin: string;
  let stripe: Stripe;
  /** What the stand-in posted to the app's webhook (this server plays the app). */
  const delivered: Received[] = [];
  let webhookStatus = 200;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ appUrl: () => origin, webhookSecret: WEBHOOK_SECRET });
    const route = routeRequests(standIn.routes);
    server = createServer((request, response) => {
      if (request.url === '/api/stripe/webhook') {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          delivered.push({
            headers: request.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
          response.writeHead(webhookStatus).end();
        });
        return;
      }
      route(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stripe = createStripeClient({
      secretKey: STRIPE_STAND_IN_KEY,
      apiBaseUrl: `${origin}${STRIPE_STAND_IN_PATH}`,
      timeoutMs: 500,
      maxNetworkRetries: 0,
    });
  });

  afterAll(async () => {
    await standIn.stop();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });

  beforeEach(() => {
    delivered.length = 0;
    webhookStatus = 200;
  });

  const newSession = async (key?: string) => {
    const customer = await stripe.customers.create({
      email: 'owner@example.com',
      name: 'Harbor Coffee',
      metadata: { companyId: 'company-1' },
    });
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customer.id,
        client_reference_id: 'company-1',
        line_items: [{ price: STRIPE_STAND_IN_PRICES.gold, quantity: 1 }],
        metadata: { companyId: 'company-1', tier: 'gold' },
        subscription_data: { metadata: { companyId: 'company-1', tier: 'gold' } },
        success_url:
          'http://localhost/dashboard/company/company-1?checkout=success&session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost/dashboard/company/company-1?checkout=cancelled',
      },
      key ? { idempotencyKey: key } : undefined,
    );
    return { customer, session };
  };

  const payFor = async (url: string) => {
    const response = await fetch(`${url}?decision=pay`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    return response.headers.get('location')!;
  };

  it('creates a customer and a subscription-mode checkout session, as Stripe answers them', async () => {
    const { customer, session } = await newSession();
    expect(customer).toMatchObject({ object: 'customer', email: 'owner@example.com' });
    expect(customer.id).toMatch(/^cus_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      customer: customer.id,
      metadata: { companyId: 'company-1', tier: 'gold' },
      url: `${origin}/_sandbox/stripe/checkout/${session.id}`,
    });
    expect(session.lastResponse.requestId).toMatch(/^req_/);
  });

  it('replays the first answer for a repeated idempotency key, and refuses it with other parameters', async () => {
    const first = await stripe.customers.create(
      { email: 'a@example.com' },
      { idempotencyKey: 'k-1' },
    );
    const again = await stripe.customers.create(
      { email: 'a@example.com' },
      { idempotencyKey: 'k-1' },
    );
    expect(again.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'k-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('pays a checkout: an active monthly subscription, three signed events, then the success URL', async () => {
    const { session } = await newSession();
    const location = await payFor(session.url!);
    expect(location).toBe(
      `http://localhost/dashboard/company/company-1?checkout=success&session_id=${session.id}`,
    );
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subscription = await stripe.subscriptions.retrieve(paid.subscription as string);
    expect(subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      metadata: { companyId: 'company-1', tier: 'gold' },
    });
    const item = subscription.items.data[0]!;
    expect(item.price.id).toBe(STRIPE_STAND_IN_PRICES.gold);
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86400);

    // Delivered before the redirect, in order, each verified by Stripe's own check.
    const events = await Promise.all(
      delivered.map(({ headers, body }) =>
        stripe.webhooks.constructEventAsync(
          body,
          headers['stripe-signature'] as string,
          WEBHOOK_SECRET,
        ),
      ),
    );
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    const invoice = events[2]!.data.object as Stripe.Invoice;
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.amount_paid).toBe(15000);
  });

  it('retries a delivery the webhook refused, a few times', async () => {
    const { session } = await newSession();
    webhookStatus = 500;
    await payFor(session.url!);
    expect(delivered).toHaveLength(9);
  });

  it('changes a price, cancels at the period end and refuses to change a canceled subscription', async () => {
    const { session } = await newSession();
    await payFor(session.url!);
    const { subscription: id } = await stripe.checkout.sessions.retrieve(session.id);
    const before = await stripe.subscriptions.retrieve(id as string);
    const changed = await stripe.subscriptions.update(before.id, {
      items: [{ id: before.items.data[0]!.id, price: STRIPE_STAND_IN_PRICES.platinum }],
      proration_behavior: 'create_prorations',
      cancel_at_period_end: true,
      metadata: { tier: 'platinum' },
    });
    expect(changed.items.data[0]!.price.id).toBe(STRIPE_STAND_IN_PRICES.platinum);
    expect(changed).toMatchObject({ cancel_at_period_end: true, metadata: { tier: 'platinum' } });

    standIn.account.endPeriod(before.id);
    await standIn.account.settled();
    expect((await stripe.subscriptions.retrieve(before.id)).status).toBe('canceled');
    await expect(
      stripe.subscriptions.update(before.id, { cancel_at_period_end: false }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('answers 404 resource_missing for an unknown id', async () => {
    const error = await stripe.subscriptions
      .retrieve('sub_nothing')
      .catch((caught: unknown) => caught);
    expect(isStripeMissing(error)).toBe(true);
  });

  it('refuses another key (which the app reports as billing unavailable, without the key)', async () => {
    const other = createStripeClient({
      secretKey: 'sk_test_someone_else',
      apiBaseUrl: `${origin}${STRIPE_STAND_IN_PATH}`,
      timeoutMs: 500,
      maxNetworkRetries: 0,
    });
    const failure = await callingStripe('test', () => other.customers.create({})).catch(
      (caught: unknown) => caught,
    );
    expect(failure).toBeInstanceOf(Unavailable);
    expect((failure as Unavailable).code).toBe('BILLING_UNAVAILABLE');
    expect((failure as Error).message).not.toContain('sk_test');
  });

  it('fails every call during an outage, a 500 or a time-out, which the app reports as unavailable', async () => {
    for (const kind of ['500', 'timeout']) {
      const set = await fetch(`${origin}/_sandbox/api/stripe/outage`, {
        method: 'POST',
        body: JSON.stringify({ kind }),
      });
      expect(set.status).toBe(200);
      const failure = await callingStripe('test', () => stripe.customers.create({})).catch(
        (caught: unknown) => caught,
      );
      expect(failure, kind).toBeInstanceOf(Unavailable);
    }
    await fetch(`${origin}/_sandbox/api/stripe/outage`, { method: 'DELETE' });
    await expect(stripe.customers.create({})).resolves.toMatchObject({ object: 'customer' });
  });

  it('makes a portal session whose page lists the subscription and invoices', async () => {
    const { customer, session } = await newSession();
    await payFor(session.url!);
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost/dashboard/company/company-1',
    });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Gold');
    expect(page).toContain('$150.00');
    expect(page).toContain('http://localhost/dashboard/company/company-1');
  });

  it("lists subscriptions in /_sandbox's Stripe section, whose buttons act and come back", async () => {
    const { session } = await newSession();
    await payFor(session.url!);
    const { subscription: id } = await stripe.checkout.sessions.retrieve(session.id);
    const html = await standIn.panel({ returnTo: '/_sandbox' });
    expect(html).toContain(`data-id="${id as string}"`);
    for (const label of ['Payment fails', 'Cancel at period end', 'End period now']) {
      expect(html).toContain(label);
    }
    const response = await fetch(`${origin}/_sandbox/stripe/subscriptions/${id as string}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=payment-failure&returnTo=%2F_sandbox',
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/_sandbox#stripe');
    expect((await stripe.subscriptions.retrieve(id as string)).status).toBe('past_due');
    expect(delivered.length).toBeGreaterThanOrEqual(5);
  });
});
