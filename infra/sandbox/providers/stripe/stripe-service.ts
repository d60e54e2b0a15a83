import type { IncomingMessage, ServerResponse } from 'node:http';
import { billingRoutes } from '#shared/contract/billing';
import { API_PREFIX } from '#shared/contract/route';
import type { InboxPanel } from '../../inbox';
import { readBody, redirect, sendJson, sendText } from '../../responses';
import type { Route, Service } from '../../service';
import { createHeldResponses, pathBelow, readJson } from '../stand-in-http';
import { STRIPE_STAND_IN_PATH } from './stand-in-account';
import { createStripeAccount, type StripeAccount } from './stripe-account';
import {
  CHECKOUT_PAGE_PATH,
  createStripeApi,
  OUTAGE_KINDS,
  PORTAL_PAGE_PATH,
  type OutageKind,
} from './stripe-api';
import { checkoutPage, listed, PAGE_HEADERS, page, portalPage, stripePanel } from './stripe-pages';
import { createStripeStore } from './stripe-store';

/**
 * The sandbox's stand-in for Stripe as one service: the API the app's Stripe SDK calls, the pages
 * standing in for Stripe's, the Stripe section of `/_sandbox`, and the same as JSON for tests and
 * scripts:
 *
 *   /_sandbox/providers/stripe/v1/…                          the API (stripe-api.ts)
 *   GET  /_sandbox/stripe/checkout/{session}[?decision=pay|cancel]   hosted checkout
 *   GET  /_sandbox/stripe/portal/{session}                   customer portal
 *   POST /_sandbox/stripe/subscriptions/{id}                 the panel's buttons (form post)
 *   GET  /_sandbox/api/stripe/subscriptions                  { subscriptions }, newest first
 *   POST /_sandbox/api/stripe/subscriptions/{id}/{payment-failure|cancel-at-period-end|end-period}
 *   GET  /_sandbox/api/stripe/events                         { events } sent, oldest first
 *   POST /_sandbox/api/stripe/events/{id}/resend             delivers an event again
 *   POST /_sandbox/api/stripe/outage  { kind: 500|timeout }  every API call fails; DELETE ends it
 *
 * Every page or JSON action that changes something answers only once the app's webhook has been
 * sent what the change made (and has answered, or the retries gave up), so a browser sent back
 * to the app, or a test's next request, finds it applied.
 */

export interface StripeStandInOptions {
  /** Where customers, subscriptions and events persist; in memory without one (tests). */
  dataDir?: string;
  /** The app's origin: its webhook is `${appUrl}/api/stripe/webhook`. */
  appUrl: () => string;
  webhookSecret: string;
  /** Real Stripe keys are configured: the panel says the stand-in is unused. */
  live?: boolean;
}

export interface StripeStandIn extends Service {
  routes: Route[];
  panel: InboxPanel;
  account: StripeAccount;
}

const ACTIONS = ['payment-failure', 'cancel-at-period-end', 'end-period'] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (value: unknown): value is Action =>
  (ACTIONS as readonly unknown[]).includes(value);

const sendPage = (response: ServerResponse, status: number, html: string) =>
  sendText(response, status, 'text/html; charset=utf-8', html, PAGE_HEADERS);

export const startStripeStandIn = async (options: StripeStandInOptions): Promise<StripeStandIn> => {
  const store = await createStripeStore(options.dataDir);
  const account = createStripeAccount({
    store,
    webhookUrl: () => `${options.appUrl()}${API_PREFIX}${billingRoutes.webhook.path}`,
    webhookSecret: options.webhookSecret,
  });
  const { data } = account;
  let outage: OutageKind | undefined;
  const held = createHeldResponses();

  const api = createStripeApi({
    account,
    save: () => store.save(),
    outage: () => outage,
    hang: held.hold,
  });

  /** A change, saved, and its events delivered. */
  const act = async (change: () => void): Promise<void> => {
    change();
    await store.save();
    await account.settled();
  };

  const runAction = (action: Action, id: string) =>
    act(() => {
      if (action === 'payment-failure') account.failPayment(id);
      else if (action === 'cancel-at-period-end') account.cancelAtPeriodEnd(id);
      else account.endPeriod(id);
    });

  const notFound = (response: ServerResponse, what: string) =>
    sendPage(
      response,
      404,
      page(
        'Not found',
        `<h1>No such ${what}</h1><p class="error">The sandbox's Stripe stand-in does not know it.</p>`,
      ),
    );

  const checkout = async (request: IncomingMessage, response: ServerResponse) => {
    const id = decodeURIComponent(pathBelow(request, CHECKOUT_PAGE_PATH).slice(1));
    const session = Object.hasOwn(data.checkoutSessions, id)
      ? data.checkoutSessions[id]
      : undefined;
    if (!session) return notFound(response, 'checkout session');
    const decision = new URL(request.url ?? '/', 'http://sandbox.local').searchParams.get(
      'decision',
    );
    if (decision === 'cancel' && session.status === 'open') {
      return redirect(response, String(session.cancel_url));
    }
    if (decision === 'pay') {
      await act(() => account.payCheckout(session));
      return redirect(
        response,
        String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id),
      );
    }
    const customer = data.customers[String(session.customer)];
    sendPage(response, 200, checkoutPage(session, customer));
  };

  const portal = async (request: IncomingMessage, response: ServerResponse) => {
    const id = decodeURIComponent(pathBelow(request, PORTAL_PAGE_PATH).slice(1));
    const session = Object.hasOwn(data.portalSessions, id) ? data.portalSessions[id] : undefined;
    if (!session) return notFound(response, 'portal session');
    const customerId = String(session.customer);
    sendPage(
      response,
      200,
      portalPage(
        session,
        data.customers[customerId],
        Object.values(data.subscriptions).filter((item) => item.customer === customerId),
        Object.values(data.invoices)
          .filter((item) => item.customer === customerId)
          .sort((a, b) => (b.created as number) - (a.created as number)),
      ),
    );
  };

  /** The panel's buttons: act, then back to the Stripe section. */
  const panelForm = async (request: IncomingMessage, response: ServerResponse) => {
    const id = decodeURIComponent(pathBelow(request, '/_sandbox/stripe/subscriptions').slice(1));
    const form = new URLSearchParams(await readBody(request));
    const action = form.get('action');
    if (request.method !== 'POST' || !Object.hasOwn(data.subscriptions, id) || !isAction(action)) {
      return sendJson(response, 404, { message: 'Not found' });
    }
    await runAction(action, id);
    const returnTo = form.get('returnTo') ?? '/_sandbox';
    redirect(
      response,
      `${/^\/_sandbox(\?[^#]*)?$/.test(returnTo) ? returnTo : '/_sandbox'}#stripe`,
    );
  };

  const jsonApi = async (request: IncomingMessage, response: ServerResponse) => {
    const [collection, id, verb, ...rest] = pathBelow(request, '/_sandbox/api/stripe')
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
    const method = request.method ?? 'GET';

    if (collection === 'subscriptions' && !id && method === 'GET') {
      const subscriptions = Object.values(data.subscriptions)
        .map(listed)
        .sort((a, b) => b.created - a.created);
      return sendJson(response, 200, { subscriptions });
    }
    if (
      collection === 'subscriptions' &&
      id &&
      isAction(verb) &&
      !rest.length &&
      method === 'POST'
    ) {
      if (!Object.hasOwn(data.subscriptions, id)) {
        return sendJson(response, 404, { message: `No subscription ${id}` });
      }
      await runAction(verb, id);
      return sendJson(response, 200, { subscription: listed(data.subscriptions[id]!) });
    }
    if (collection === 'events' && !id && method === 'GET') {
      return sendJson(response, 200, {
        events: data.events.map(({ event, deliveries }) => ({
          id: event.id,
          type: event.type,
          created: event.created,
          objectId: (event.data as { object: { id: string } }).object.id,
          deliveries,
        })),
      });
    }
    if (collection === 'events' && id && verb === 'resend' && !rest.length && method === 'POST') {
      const sent = data.events.find((candidate) => candidate.event.id === id);
      if (!sent) return sendJson(response, 404, { message: `No event ${id}` });
      await account.settled();
      const status = await account.deliver(sent);
      return sendJson(response, 200, { id, status });
    }
    if (collection === 'outage' && !id) {
      if (method === 'DELETE') outage = undefined;
      else if (method === 'POST') {
        const kind = ((await readJson(request)) as { kind?: unknown } | undefined)?.kind;
        if (!(OUTAGE_KINDS as readonly unknown[]).includes(kind)) {
          return sendJson(response, 400, { message: 'kind must be "500" or "timeout"' });
        }
        outage = kind as OutageKind;
      } else if (method !== 'GET') {
        return sendJson(response, 405, { message: 'Method Not Allowed' });
      }
      return sendJson(response, 200, { outage: outage ?? null });
    }
    sendJson(response, 404, {
      message:
        'Use /_sandbox/api/stripe/subscriptions[/{id}/{payment-failure|cancel-at-period-end|end-period}], /_sandbox/api/stripe/events[/{id}/resend] or /_sandbox/api/stripe/outage',
    });
  };

  const named = (prefix: string, handle: Route['handle']): Route => ({
    prefix,
    name: 'the Stripe stand-in',
    handle,
  });

  return {
    account,
    routes: [
      named(STRIPE_STAND_IN_PATH, (request, response) =>
        api(
          request,
          response,
          pathBelow(request, STRIPE_STAND_IN_PATH) +
            new URL(request.url ?? '/', 'http://sandbox.local').search,
        ),
      ),
      named(CHECKOUT_PAGE_PATH, checkout),
      named(PORTAL_PAGE_PATH, portal),
      named('/_sandbox/stripe/subscriptions', panelForm),
      named('/_sandbox/api/stripe', jsonApi),
    ],
    panel: async ({ returnTo }) =>
      stripePanel(
        Object.values(data.subscriptions).map(listed),
        data.events,
        returnTo,
        options.live ?? false,
      ),
    stop: async () => {
      held.releaseAll();
      await account.settled();
      await store.save();
    },
  };
};
