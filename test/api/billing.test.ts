import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { CheckoutResponse } from '#shared/contract/billing';
import { CANCEL_SUCCESS_MESSAGE, RESUME_SUCCESS_MESSAGE } from '#shared/domain/billing';
import type { Company } from '#shared/contract/companies';
import type { TierId } from '#shared/domain/tiers';
import { registerFounder, registerOrdinaryUser } from './accounts-support';
import { apiUrl, call, checkAgainstContract, inbox, runJob, type ApiResult } from './http';

/**
 * Plans through Stripe, end to end: the real HTTP API, the real Stripe SDK in the billing
 * function, and the sandbox's stand-in for Stripe (its API, hosted checkout and portal pages, and
 * the signed webhook events it sends back to the app). Webhook tests also sign their own events
 * with Stripe's signing helper and the sandbox's webhook secret, as Stripe would.
 */

interface Owner {
  token: string;
  companyId: string;
  email: string;
}

interface ListedSubscription {
  id: string;
  companyId: string | null;
  customer: string;
  status: string;
  tier: TierId | undefined;
  cancelAtPeriodEnd: boolean;
}

interface SubscriptionChange {
  message: string;
  company: Company;
}

interface ListedEvent {
  id: string;
  type: string;
  objectId: string;
}

const newOwner = async ({ founder = false }: { founder?: boolean } = {}): Promise<Owner> => {
  const { token, user } = await (founder ? registerFounder() : registerOrdinaryUser());
  const company = await call<Company>('POST', '/companies', {
    token,
    body: { name: 'Harbor Coffee' },
  });
  expect(company.status).toBe(201);
  expect(company.body.founder).toBe(founder);
  return { token, companyId: company.body._id, email: user.email };
};

const checkout = (owner: Owner, tier: TierId, companyId = owner.companyId) =>
  call<CheckoutResponse>('POST', '/stripe/create-checkout-session', {
    token: owner.token,
    body: { companyId, tier },
  });

/** A billing route that names the owner's company in its body (cancel, resume, portal). */
const forCompany = <T = Record<string, unknown>>(owner: Owner, path: string) =>
  call<T>('POST', path, { token: owner.token, body: { companyId: owner.companyId } });

const companyOf = async (owner: Owner): Promise<Company> =>
  (await call<Company>('GET', `/companies/${owner.companyId}`, { token: owner.token })).body;

/** Pays on the stand-in's hosted checkout at once; answers where it sends the browser back. */
const pay = async (url: string): Promise<URL> => {
  const response = await fetch(`${url}?decision=pay`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
};

const subscribe = async (owner: Owner, tier: TierId): Promise<Company> => {
  const answer = await checkout(owner, tier);
  expect(answer.status).toBe(200);
  if (answer.body.outcome !== 'checkout') throw new Error('expected a checkout');
  await pay(answer.body.url);
  return companyOf(owner);
};

const stripeSandbox = async <T>(path: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(`${apiUrl()}/_sandbox/api/stripe${path}`, init);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};

const subscriptionsOf = async (companyId: string): Promise<ListedSubscription[]> =>
  (
    await stripeSandbox<{ subscriptions: ListedSubscription[] }>('/subscriptions')
  ).subscriptions.filter((subscription) => subscription.companyId === companyId);

const act = (subscriptionId: string, action: string) =>
  stripeSandbox(`/subscriptions/${subscriptionId}/${action}`, { method: 'POST' });

const eventsOf = async (objectIds: readonly string[]): Promise<ListedEvent[]> =>
  (await stripeSandbox<{ events: ListedEvent[] }>('/events')).events.filter((event) =>
    objectIds.includes(event.objectId),
  );

/** Posts a body to the webhook as Stripe would, with any signature and content type. */
const postWebhook = async (
  body: string,
  {
    signature,
    contentType = 'application/json; charset=utf-8',
  }: { signature?: string; contentType?: string },
): Promise<ApiResult<Record<string, unknown>>> => {
  const response = await fetch(`${apiUrl()}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body,
  });
  const text = await response.text();
  const result = {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    headers: response.headers,
  };
  checkAgainstContract('POST', '/stripe/webhook', result);
  return result;
};

/** A Stripe event signed with the sandbox's webhook secret by Stripe's own helper. */
const signed = (event: Record<string, unknown>) => {
  const payload = JSON.stringify(event);
  return {
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: inject('stripeWebhookSecret'),
    }),
  };
};

const subscriptionEvent = (
  type: string,
  object: Record<string, unknown>,
): Record<string, unknown> => ({
  id: `evt_test_${crypto.randomUUID().replaceAll('-', '')}`,
  object: 'event',
  api_version: Stripe.API_VERSION,
  created: Math.floor(Date.now() / 1000),
  type,
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
});

describe('choosing a plan', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await newOwner();
  });

  it("starts Stripe's hosted checkout, and paying there makes the company gold and active", async () => {
    const answer = await checkout(owner, 'gold');
    expect(answer.status).toBe(200);
    if (answer.body.outcome !== 'checkout') throw new Error('expected a checkout');
    expect(answer.body.sessionId).toMatch(/^cs_test_/);
    expect(answer.body.url).toBe(`${apiUrl()}/_sandbox/stripe/checkout/${answer.body.sessionId}`);
    // Not paid yet: nothing changed but the company's Stripe customer.
    const before = await companyOf(owner);
    expect(before.subscriptionTier).toBe('intro');
    expect(before.stripeCustomerId).toMatch(/^cus_/);
    expect(before.stripeSubscriptionId).toBeNull();

    const back = await pay(answer.body.url);
    expect(back.pathname).toBe(`/dashboard/company/${owner.companyId}`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      checkout: 'success',
      tier: 'gold',
      session_id: answer.body.sessionId,
    });
    // The redirect comes after the webhook applied the events.
    const after = await companyOf(owner);
    expect(after).toMatchObject({
      subscriptionTier: 'gold',
      subscription: { status: 'active' },
      stripeCustomerId: before.stripeCustomerId,
      pendingDowngrade: false,
    });
    expect(after.stripeSubscriptionId).toMatch(/^sub_/);
    expect(Date.parse(after.subscriptionCurrentPeriodEnd!)).toBeGreaterThan(
      Date.now() + 27 * 24 * 60 * 60 * 1000,
    );
    const [subscription] = await subscriptionsOf(owner.companyId);
    expect(subscription).toMatchObject({
      id: after.stripeSubscriptionId,
      customer: after.stripeCustomerId,
      tier: 'gold',
      status: 'active',
    });
  });

  it('refuses the tier the company already pays for', async () => {
    const answer = await checkout(owner, 'gold');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'PLAN_ALREADY_ACTIVE' });
  });

  it('changes a paying company from gold to platinum in place: no second subscription', async () => {
    const before = await companyOf(owner);
    const answer = await checkout(owner, 'platinum');
    expect(answer.status).toBe(200);
    if (answer.body.outcome !== 'updated') throw new Error('expected an update in place');
    expect(answer.body.company).toMatchObject({
      subscriptionTier: 'platinum',
      subscription: { status: 'active' },
      stripeSubscriptionId: before.stripeSubscriptionId,
    });
    const subscriptions = await subscriptionsOf(owner.companyId);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ id: before.stripeSubscriptionId, tier: 'platinum' });
    expect((await companyOf(owner)).subscriptionTier).toBe('platinum');
  });

  it('opens the customer portal for the company, which leads back to the overview', async () => {
    const answer = await forCompany<{ url: string }>(owner, '/stripe/billing-portal');
    expect(answer.status).toBe(200);
    const page = await fetch(answer.body.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Platinum');
    expect(html).toContain('Visa •••• 4242');
    expect(html).toContain(`/dashboard/company/${owner.companyId}`);
  });
});

describe('a new company', () => {
  it('makes one checkout session for a double click (same company, tier and minutes)', async () => {
    const owner = await newOwner();
    const [first, second] = await Promise.all([
      checkout(owner, 'silver'),
      checkout(owner, 'silver'),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body).toEqual(second.body);
  });

  it('goes back to the overview when the owner cancels at checkout, and nothing changes', async () => {
    const owner = await newOwner();
    const answer = await checkout(owner, 'silver');
    if (answer.body.outcome !== 'checkout') throw new Error('expected a checkout');
    const response = await fetch(`${answer.body.url}?decision=cancel`, { redirect: 'manual' });
    const back = new URL(response.headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      checkout: 'cancelled',
      tier: 'silver',
    });
    expect(await companyOf(owner)).toMatchObject({
      subscriptionTier: 'intro',
      stripeSubscriptionId: null,
    });
  });

  it('has no subscription to cancel, resume or manage yet', async () => {
    const owner = await newOwner();
    for (const path of [
      '/stripe/cancel-subscription',
      '/stripe/resume-subscription',
      '/stripe/billing-portal',
    ]) {
      const answer = await forCompany(owner, path);
      expect(answer.status, path).toBe(409);
      expect(answer.body, path).toMatchObject({ code: 'NO_SUBSCRIPTION' });
    }
  });

  it("refuses intro to a founder's company (free for life), but sells it a paid tier", async () => {
    const owner = await newOwner({ founder: true });
    const intro = await checkout(owner, 'intro');
    expect(intro.status).toBe(409);
    expect(intro.body).toMatchObject({ code: 'PLAN_NOT_AVAILABLE' });
    expect((await checkout(owner, 'silver')).status).toBe(200);
  });

  it('sells intro to a company that is no founder', async () => {
    const owner = await newOwner();
    expect((await subscribe(owner, 'intro')).subscription.status).toBe('active');
  });

  it("answers 404 for another user's company, and changes nothing of it", async () => {
    const owner = await newOwner();
    await subscribe(owner, 'gold');
    const before = await companyOf(owner);
    const stranger = await newOwner();
    for (const [path, body] of [
      ['/stripe/create-checkout-session', { companyId: owner.companyId, tier: 'platinum' }],
      ['/stripe/cancel-subscription', { companyId: owner.companyId }],
      ['/stripe/resume-subscription', { companyId: owner.companyId }],
      ['/stripe/billing-portal', { companyId: owner.companyId }],
    ] as const) {
      const answer = await call('POST', path, { token: stranger.token, body });
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
    }
    expect(await companyOf(owner)).toEqual(before);
  });

  it('never uses a customer id the browser sends', async () => {
    const owner = await newOwner();
    const answer = await call<CheckoutResponse>('POST', '/stripe/create-checkout-session', {
      token: owner.token,
      body: { companyId: owner.companyId, tier: 'gold', customerId: 'cus_someone_else' },
    });
    expect(answer.status).toBe(200);
    expect((await companyOf(owner)).stripeCustomerId).not.toBe('cus_someone_else');
  });

  it('answers 503 BILLING_UNAVAILABLE while Stripe is down, and works once it is back', async () => {
    const owner = await newOwner();
    await stripeSandbox('/outage', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: '500' }),
    });
    try {
      const answer = await checkout(owner, 'gold');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 'BILLING_UNAVAILABLE' });
      expect(String((answer.body as unknown as { message: string }).message)).toMatch(/try again/i);
    } finally {
      await stripeSandbox('/outage', { method: 'DELETE' });
    }
    expect((await checkout(owner, 'gold')).status).toBe(200);
  });
});

describe('cancelling', () => {
  let owner: Owner;
  let subscriptionId: string;
  beforeAll(async () => {
    owner = await newOwner();
    subscriptionId = (await subscribe(owner, 'gold')).stripeSubscriptionId!;
  });

  it('keeps the plan until the period ends, and says when', async () => {
    const answer = await forCompany<SubscriptionChange>(owner, '/stripe/cancel-subscription');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(CANCEL_SUCCESS_MESSAGE);
    expect(answer.body.company).toMatchObject({
      subscriptionTier: 'gold',
      subscription: { status: 'active' },
      pendingDowngrade: true,
    });
    expect(Date.parse(answer.body.company.subscriptionCurrentPeriodEnd!)).toBeGreaterThan(
      Date.now(),
    );
    expect((await subscriptionsOf(owner.companyId))[0]?.cancelAtPeriodEnd).toBe(true);
    // Twice is the same.
    const again = await forCompany(owner, '/stripe/cancel-subscription');
    expect(again.status).toBe(200);
  });

  it('can be taken back before the period ends', async () => {
    const answer = await forCompany<SubscriptionChange>(owner, '/stripe/resume-subscription');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(RESUME_SUCCESS_MESSAGE);
    expect(answer.body.company).toMatchObject({
      subscriptionTier: 'gold',
      pendingDowngrade: false,
    });
  });

  it('drops the company to intro when the period ends (the subscription is deleted)', async () => {
    await forCompany(owner, '/stripe/cancel-subscription');
    await act(subscriptionId, 'end-period');
    expect(await companyOf(owner)).toMatchObject({
      subscriptionTier: 'intro',
      subscription: { status: 'canceled' },
      // Kept, so the overview explains that the subscription was canceled.
      stripeSubscriptionId: subscriptionId,
      pendingDowngrade: false,
      subscriptionCurrentPeriodEnd: null,
    });
  });

  it('ends consistent when an older event arrives after the deletion (delivered again, or forged stale)', async () => {
    const [updated] = (await eventsOf([subscriptionId])).filter(
      (event) => event.type === 'customer.subscription.updated',
    );
    expect(updated).toBeDefined();
    await stripeSandbox(`/events/${updated!.id}/resend`, { method: 'POST' });
    // A late "updated" whose copy still says active: the webhook applies Stripe's state instead.
    const stale = signed(
      subscriptionEvent('customer.subscription.updated', {
        id: subscriptionId,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
        metadata: { companyId: owner.companyId, tier: 'gold' },
      }),
    );
    expect((await postWebhook(stale.payload, { signature: stale.signature })).status).toBe(200);
    expect(await companyOf(owner)).toMatchObject({
      subscriptionTier: 'intro',
      subscription: { status: 'canceled' },
      pendingDowngrade: false,
    });
  });

  it('lets the company buy a plan again, and the old subscription no longer counts', async () => {
    const again = await subscribe(owner, 'silver');
    expect(again).toMatchObject({ subscriptionTier: 'silver', subscription: { status: 'active' } });
    expect(again.stripeSubscriptionId).not.toBe(subscriptionId);
    // The old subscription's deletion delivered late changes nothing now.
    const [deleted] = (await eventsOf([subscriptionId])).filter(
      (event) => event.type === 'customer.subscription.deleted',
    );
    await stripeSandbox(`/events/${deleted!.id}/resend`, { method: 'POST' });
    expect(await companyOf(owner)).toMatchObject({
      subscriptionTier: 'silver',
      subscription: { status: 'active' },
      stripeSubscriptionId: again.stripeSubscriptionId,
    });
  });
});

describe('deleting a paying company', () => {
  it('ends its subscription at Stripe at once, and a second clean-up run changes nothing', async () => {
    const owner = await newOwner();
    await subscribe(owner, 'gold');
    const [subscription] = await subscriptionsOf(owner.companyId);
    expect(subscription).toMatchObject({ status: 'active' });
    const deleted = await call('DELETE', `/companies/${owner.companyId}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    // DELETE started the clean-up in the background; running it again must be harmless.
    await vi.waitFor(
      async () =>
        expect((await subscriptionsOf(owner.companyId))[0]).toMatchObject({ status: 'canceled' }),
      { timeout: 20_000, interval: 200 },
    );
    expect(await runJob('company-cleanup', { companyId: owner.companyId })).toMatchObject({
      status: expect.stringMatching(/done|skipped|duplicate/),
    });
    const deletions = (await eventsOf([subscription!.id])).filter(
      (event) => event.type === 'customer.subscription.deleted',
    );
    expect(deletions).toHaveLength(1);
  });
});

describe('a failed payment', () => {
  it('marks the company past due and emails the owner once, however often the event comes', async () => {
    const owner = await newOwner();
    const { stripeSubscriptionId } = await subscribe(owner, 'gold');
    await act(stripeSubscriptionId!, 'payment-failure');
    expect(await companyOf(owner)).toMatchObject({
      subscriptionTier: 'gold',
      subscription: { status: 'past_due' },
    });
    const emails = () =>
      inbox(owner.email).then((messages) =>
        messages.filter((message) => /Payment failed/.test(message.subject ?? '')),
      );
    const [email] = await emails();
    expect(email?.subject).toBe("Payment failed for Harbor Coffee's Sailpost plan");
    expect(email?.text).toContain('$150.00');
    expect(email?.text).toContain(`${apiUrl()}/dashboard/company/${owner.companyId}`);

    const invoiceEvents = (await stripeSandbox<{ events: ListedEvent[] }>('/events')).events.filter(
      (event) => event.type === 'invoice.payment_failed',
    );
    const failed = invoiceEvents.at(-1)!;
    const resent = await stripeSandbox<{ status: number }>(`/events/${failed.id}/resend`, {
      method: 'POST',
    });
    expect(resent.status).toBe(200);
    expect(await emails()).toHaveLength(1);

    // The renewal goes through: active again.
    await act(stripeSubscriptionId!, 'end-period');
    expect((await companyOf(owner)).subscription.status).toBe('active');
  });
});

describe('an event the app could not apply', () => {
  it('is refused with 503 (Stripe retries) and applied, once, when delivered again', async () => {
    const owner = await newOwner();
    const { stripeSubscriptionId } = await subscribe(owner, 'gold');
    const outage = (on: boolean) =>
      stripeSandbox('/outage', {
        method: on ? 'POST' : 'DELETE',
        ...(on
          ? {
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ kind: '500' }),
            }
          : {}),
      });
    // Stripe's API is down while its payment-failure events arrive: the webhook cannot read the
    // subscription back, answers 503 to every delivery, and records nothing as applied.
    await outage(true);
    try {
      await act(stripeSubscriptionId!, 'payment-failure');
    } finally {
      await outage(false);
    }
    expect((await companyOf(owner)).subscription.status).toBe('active');
    const events = (
      await stripeSandbox<{ events: (ListedEvent & { deliveries: { status: number }[] })[] }>(
        '/events',
      )
    ).events;
    const paymentFailed = events.filter((event) => event.type === 'invoice.payment_failed').at(-1)!;
    expect(paymentFailed.deliveries.map((delivery) => delivery.status)).toEqual([503, 503, 503]);

    // Stripe's next retry goes through: applied, and the owner is told once.
    const resent = await stripeSandbox<{ status: number }>(`/events/${paymentFailed.id}/resend`, {
      method: 'POST',
    });
    expect(resent.status).toBe(200);
    expect((await companyOf(owner)).subscription.status).toBe('past_due');
    await stripeSandbox(`/events/${paymentFailed.id}/resend`, { method: 'POST' });
    const emails = (await inbox(owner.email)).filter((message) =>
      /Payment failed/.test(message.subject ?? ''),
    );
    expect(emails).toHaveLength(1);
  });
});

describe('the webhook', () => {
  let owner: Owner;
  let before: Company;
  beforeAll(async () => {
    owner = await newOwner();
    before = await subscribe(owner, 'gold');
  });

  const deletedEvent = () =>
    signed(
      subscriptionEvent('customer.subscription.deleted', {
        id: before.stripeSubscriptionId,
        object: 'subscription',
        status: 'canceled',
        metadata: { companyId: owner.companyId, tier: 'gold' },
      }),
    );

  it('refuses a tampered body or signature with 400 and changes nothing', async () => {
    const { payload, signature } = deletedEvent();
    const tampered = payload.replace('"canceled"', '"active"');
    const answers = [
      await postWebhook(tampered, { signature }),
      // One hex digit of the MAC changed (to another digit: '0' stays '0' one time in 16).
      await postWebhook(payload, {
        signature: signature.replace(
          /v1=(.)/,
          (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`,
        ),
      }),
      await postWebhook(payload, {}),
      await postWebhook(payload, { signature: 't=1,v1=abc' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(await companyOf(owner)).toEqual(before);
  });

  it('takes a body API Gateway handed over base64-encoded', async () => {
    const { payload, signature } = signed(
      subscriptionEvent('customer.subscription.updated', {
        id: before.stripeSubscriptionId,
        object: 'subscription',
      }),
    );
    // A content type API Gateway does not take for text arrives base64-encoded.
    const answer = await postWebhook(payload, {
      signature,
      contentType: 'application/octet-stream',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
  });

  it('acknowledges the events it does not act on', async () => {
    const { payload, signature } = signed(
      subscriptionEvent('customer.created', { id: 'cus_123', object: 'customer' }),
    );
    const answer = await postWebhook(payload, { signature });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
  });

  it("applies Stripe's state, not the event's copy: a forged deletion of a live subscription changes nothing", async () => {
    const { payload, signature } = deletedEvent();
    expect((await postWebhook(payload, { signature })).status).toBe(200);
    expect(await companyOf(owner)).toMatchObject({
      subscriptionTier: 'gold',
      subscription: { status: 'active' },
    });
  });
});
