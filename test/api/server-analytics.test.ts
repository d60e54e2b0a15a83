import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import type { CheckoutResponse } from '#shared/contract/billing';
import type { Company } from '#shared/contract/companies';
import {
  SANDBOX_ANALYTICS_API_PATH,
  type RecordedAnalyticsEvent,
  type SandboxAnalyticsList,
} from '#shared/domain/analytics';
import { newTimeOrderedId } from '#functions/core/ids';
import { opaqueClientIdOf } from '#functions/integrations/analytics/send-analytics';
import { registerOrdinaryUser } from './accounts-support';
import { finishedGeneration, newCampaign, newContentOwner } from './content-support';
import { apiUrl, call, runJob } from './http';

/**
 * What the server itself reports to GA4 through the Measurement Protocol, as the sandbox's GA4
 * stand-in receives it: a paid invoice's `purchase` (once, however often Stripe delivers it), and
 * reviews made by text reply (`via: sms`, once per reply).
 */

const serverEvents = async (
  matching: (event: RecordedAnalyticsEvent) => boolean,
): Promise<RecordedAnalyticsEvent[]> => {
  const response = await fetch(`${apiUrl()}${SANDBOX_ANALYTICS_API_PATH}`);
  expect(response.status).toBe(200);
  const { events } = (await response.json()) as SandboxAnalyticsList;
  return events.filter((event) => event.source === 'server' && matching(event));
};

const stripeSandbox = async <T>(path: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(`${apiUrl()}/_sandbox/api/stripe${path}`, init);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};

interface ListedEvent {
  id: string;
  type: string;
  objectId: string;
}

/** A new owner's company, paid for at the stand-in's checkout: its first invoice's id. */
const buyGold = async (analyticsClientId?: string) => {
  const { token } = await registerOrdinaryUser();
  const company = await call<Company>('POST', '/companies', {
    token,
    body: { name: 'Harbor Coffee' },
  });
  const checkout = await call<CheckoutResponse>('POST', '/stripe/create-checkout-session', {
    token,
    body: {
      companyId: company.body._id,
      tier: 'gold',
      ...(analyticsClientId ? { analyticsClientId } : {}),
    },
  });
  expect(checkout.status).toBe(200);
  if (checkout.body.outcome !== 'checkout') throw new Error('expected a checkout');
  const paid = await fetch(`${checkout.body.url}?decision=pay`, { redirect: 'manual' });
  expect(paid.status).toBe(303);
  const { stripeSubscriptionId } = (
    await call<Company>('GET', `/companies/${company.body._id}`, { token })
  ).body;
  const { events } = await stripeSandbox<{ events: ListedEvent[] }>('/events');
  const { subscriptions } = await stripeSandbox<{
    subscriptions: { id: string; companyId: string | null }[];
  }>('/subscriptions');
  expect(subscriptions.find((item) => item.id === stripeSubscriptionId)?.companyId).toBe(
    company.body._id,
  );
  const invoicePaid = events.filter((event) => event.type === 'invoice.paid').at(-1)!;
  return { companyId: company.body._id, stripeSubscriptionId: stripeSubscriptionId!, invoicePaid };
};

const purchasesOf = (invoiceId: string) =>
  serverEvents((event) => event.event === 'purchase' && event.params.transaction_id === invoiceId);

describe('a paid checkout', () => {
  it('is one purchase in GA4, under the browser’s client id, however often Stripe delivers it', async () => {
    const clientId = '1234567890.1700000000';
    const { invoicePaid, stripeSubscriptionId } = await buyGold(clientId);
    expect(await purchasesOf(invoicePaid.objectId)).toEqual([
      expect.objectContaining({
        measurementId: 'G-SANDBOX',
        clientId,
        params: { transaction_id: invoicePaid.objectId, tier: 'gold', value: 150, currency: 'USD' },
      }),
    ]);

    // Stripe delivers the event twice more (three deliveries in all)…
    for (let again = 0; again < 2; again++) {
      const resent = await stripeSandbox<{ status: number }>(`/events/${invoicePaid.id}/resend`, {
        method: 'POST',
      });
      expect(resent.status).toBe(200);
    }
    // …and once under another event id (Stripe's events for one invoice are not one event).
    const payload = JSON.stringify({
      id: `evt_test_${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type: 'invoice.paid',
      data: {
        object: {
          id: invoicePaid.objectId,
          object: 'invoice',
          amount_paid: 15000,
          currency: 'usd',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: stripeSubscriptionId, metadata: {} },
          },
        },
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const delivered = await fetch(`${apiUrl()}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: inject('stripeWebhookSecret'),
        }),
      },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    expect(await purchasesOf(invoicePaid.objectId)).toHaveLength(1);
  });

  it('without a browser client id, is reported under an opaque id of the company', async () => {
    const { companyId, invoicePaid } = await buyGold();
    const [purchase] = await purchasesOf(invoicePaid.objectId);
    expect(purchase?.clientId).toBe(opaqueClientIdOf(companyId));
    expect(purchase?.clientId).not.toContain(companyId.slice(0, 8));
  });

  it('refuses a client id that is not one of GA’s', async () => {
    const { token } = await registerOrdinaryUser();
    const company = await call<Company>('POST', '/companies', {
      token,
      body: { name: 'Harbor Coffee' },
    });
    const answer = await call('POST', '/stripe/create-checkout-session', {
      token,
      body: { companyId: company.body._id, tier: 'gold', analyticsClientId: 'ada@example.com' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('analyticsClientId');
  });
});

describe('a review by text reply', () => {
  it('1 YES is one content_approve via sms, even when the reply is delivered twice; 1 NO a content_reject', async () => {
    const owner = await newContentOwner({ tier: 'platinum', phone: true });
    const campaignId = await newCampaign(owner);
    const phone = owner.account.user.phoneNumber;
    const textedDraft = async () => {
      const started = await call<{ generationId: string }>(
        'POST',
        `/campaigns/${campaignId}/generate`,
        { token: owner.token, body: { platform: 'twitter', sendNotification: true } },
      );
      expect(started.status).toBe(202);
      const generation = await finishedGeneration(owner, started.body.generationId);
      expect(generation.notification).toBe('sent');
    };
    const reviewsOf = () =>
      serverEvents((event) => event.clientId === opaqueClientIdOf(owner.companyId));

    await textedDraft();
    const yes = {
      originationNumber: phone,
      messageBody: '1 YES',
      inboundMessageId: newTimeOrderedId(),
    };
    expect((await runJob('sms-inbound', yes)).status).toBe('done');
    expect((await runJob('sms-inbound', yes)).status).toBe('duplicate');
    expect((await reviewsOf()).map(({ event, params }) => ({ event, params }))).toEqual([
      { event: 'content_approve', params: { platform: 'twitter', via: 'sms' } },
    ]);

    await textedDraft();
    const no = {
      originationNumber: phone,
      messageBody: '1 NO',
      inboundMessageId: newTimeOrderedId(),
    };
    expect((await runJob('sms-inbound', no)).status).toBe('done');
    expect((await reviewsOf()).map(({ event, params }) => ({ event, params }))).toEqual([
      { event: 'content_approve', params: { platform: 'twitter', via: 'sms' } },
      { event: 'content_reject', params: { platform: 'twitter', via: 'sms' } },
    ]);
  });
});
