import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBytes } from '../../responses';
import { answer, originOf } from '../stand-in-http';
import { STRIPE_STAND_IN_KEY } from './stand-in-account';
import { now, tierOfPrice, type StripeAccount } from './stripe-account';
import { stripeId, type StripeObject } from './stripe-store';

/**
 * Stripe's REST API as the app uses it, answering as Stripe does — form-encoded bodies with
 * bracketed keys (`line_items[0][price]`), JSON objects, `{ error: { type, code, message } }`
 * failures, a `Request-Id` on every answer, and `Idempotency-Key` honoured (the same key and body
 * replay the first answer; the same key with another body is refused):
 *
 *   POST /v1/customers                    GET /v1/customers/{id}
 *   POST /v1/checkout/sessions            GET /v1/checkout/sessions/{id}
 *   GET  /v1/subscriptions/{id}           POST /v1/subscriptions/{id}
 *   POST /v1/billing_portal/sessions
 *
 * `outage` makes every call fail (500, or no answer until the caller gives up) until cleared.
 */

export const OUTAGE_KINDS = ['500', 'timeout'] as const;
export type OutageKind = (typeof OUTAGE_KINDS)[number];

/** Where the browser pays: the stand-in's hosted checkout and portal pages. */
export const CHECKOUT_PAGE_PATH = '/_sandbox/stripe/checkout';
export const PORTAL_PAGE_PATH = '/_sandbox/stripe/portal';

/** Stripe's checkout sessions stay open a day. */
const SESSION_SECONDS = 24 * 60 * 60;

type Fields = Record<string, unknown>;

/**
 * A form body as Stripe reads it: `a[b][0][c]=v` becomes `{ a: { b: [{ c: 'v' }] } }`. Values
 * stay strings, as Stripe receives them.
 */
export const parseStripeForm = (text: string): Fields => {
  const root: Fields = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part, index) => index === 0 || part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[index + 1]!);
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
};

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

const invalid = (message: string, param?: string) =>
  new StripeFailure(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    message,
    ...(param ? { param } : {}),
  });

interface Remembered {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface StripeApiOptions {
  account: StripeAccount;
  save: () => Promise<void>;
  outage: () => OutageKind | undefined;
  hang: (response: ServerResponse) => void;
}

export const createStripeApi = ({ account, save, outage, hang }: StripeApiOptions) => {
  const { data } = account;
  /** Stripe keeps keys a day; the stand-in keeps them while it runs. */
  const idempotent = new Map<string, Remembered>();

  const route = (method: string, path: string, fields: Fields, origin: string): unknown => {
    const parts = path.split('/').filter(Boolean);
    const [version, resource, ...rest] = parts;
    if (version !== 'v1') throw invalid(`Unrecognized request URL (${method}: ${path}).`);

    if (resource === 'customers' && method === 'POST' && rest.length === 0) {
      return account.createCustomer(fields);
    }
    if (resource === 'customers' && method === 'GET' && rest.length === 1) {
      return data.customers[rest[0]!] ?? throwing(missing('customer', rest[0]!));
    }
    if (resource === 'checkout' && rest[0] === 'sessions') {
      if (method === 'POST' && rest.length === 1) return createSession(fields, origin);
      if (method === 'GET' && rest.length === 2) {
        return data.checkoutSessions[rest[1]!] ?? throwing(missing('checkout.session', rest[1]!));
      }
    }
    if (resource === 'subscriptions' && rest.length === 1) {
      const subscription =
        data.subscriptions[rest[0]!] ?? throwing(missing('subscription', rest[0]!));
      if (method === 'GET') return subscription;
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          throw invalid('This subscription has already been canceled.');
        }
        return account.cancelNow(subscription.id);
      }
      if (method === 'POST') {
        if (subscription.status === 'canceled') {
          throw invalid(
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        for (const item of (fields.items as { price?: string }[] | undefined) ?? []) {
          if (item.price && !tierOfPrice(item.price)) {
            throw missing('price', item.price, 'items[0][price]');
          }
        }
        return account.updateSubscription(subscription.id, fields);
      }
    }
    if (resource === 'billing_portal' && rest[0] === 'sessions' && method === 'POST') {
      return createPortalSession(fields, origin);
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`);
  };

  const createSession = (fields: Fields, origin: string): StripeObject => {
    const customer = fields.customer as string | undefined;
    if (fields.mode !== 'subscription')
      throw invalid('Only mode=subscription is stood in for.', 'mode');
    if (!customer || !data.customers[customer])
      throw missing('customer', customer ?? '', 'customer');
    const lineItems =
      (fields.line_items as { price?: string; quantity?: string }[] | undefined) ?? [];
    const price = lineItems[0]?.price;
    if (lineItems.length !== 1 || !price)
      throw invalid('One line item with a price is needed.', 'line_items');
    if (!tierOfPrice(price)) throw missing('price', price, 'line_items[0][price]');
    for (const name of ['success_url', 'cancel_url'] as const) {
      if (!/^https?:\/\//.test((fields[name] as string | undefined) ?? '')) {
        throw invalid(`${name} must be an http(s) URL.`, name);
      }
    }
    const id = stripeId('cs_test');
    const created = now();
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer,
      client_reference_id: fields.client_reference_id ?? null,
      metadata: fields.metadata ?? {},
      subscription: null,
      invoice: null,
      success_url: fields.success_url,
      cancel_url: fields.cancel_url,
      url: `${origin}${CHECKOUT_PAGE_PATH}/${id}`,
      currency: 'usd',
      amount_total: null,
      created,
      expires_at: created + SESSION_SECONDS,
      livemode: false,
      // Kept for paying; Stripe lists line items through their own endpoint.
      line_items: [{ price, quantity: Number(lineItems[0]?.quantity ?? 1) }],
      subscription_data: fields.subscription_data ?? {},
    };
    data.checkoutSessions[id] = session;
    return session;
  };

  const createPortalSession = (fields: Fields, origin: string): StripeObject => {
    const customer = fields.customer as string | undefined;
    if (!customer || !data.customers[customer])
      throw missing('customer', customer ?? '', 'customer');
    const id = stripeId('bps');
    const session: StripeObject = {
      id,
      object: 'billing_portal.session',
      customer,
      return_url: fields.return_url ?? null,
      url: `${origin}${PORTAL_PAGE_PATH}/${id}`,
      created: now(),
      livemode: false,
    };
    data.portalSessions[id] = session;
    return session;
  };

  const requestId = () => `req_${randomBytes(10).toString('hex')}`;

  const send = (response: ServerResponse, status: number, body: unknown, replayed = false) =>
    answer(response, status, body, {
      'request-id': requestId(),
      'stripe-version': account.apiVersion,
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });

  return async (request: IncomingMessage, response: ServerResponse, path: string) => {
    const down = outage();
    if (down === 'timeout') return hang(response);
    if (down === '500') {
      return send(response, 500, {
        error: { type: 'api_error', message: 'The sandbox stand-in for Stripe is down (outage).' },
      });
    }
    const key = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (key !== STRIPE_STAND_IN_KEY) {
      return send(response, 401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${(key ?? '').slice(0, 8)}****`,
        },
      });
    }
    const method = request.method ?? 'GET';
    const body = (await readBytes(request)).toString('utf8');
    const url = new URL(path, 'http://stripe.local');
    const fields = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);

    const idempotencyKey = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const fingerprint = createHash('sha256')
      .update(`${method} ${url.pathname}\n${body}`)
      .digest('hex');
    if (typeof idempotencyKey === 'string') {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return send(response, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (earlier) return send(response, earlier.status, earlier.body, true);
    }

    // Computed and remembered before anything is awaited: a second request with the same key that
    // arrives meanwhile finds the first one's answer (Stripe would answer it 409 while the first
    // runs; the SDK retries a 409, so both end with the same object either way).
    let status = 200;
    let result: unknown;
    try {
      result = route(method, url.pathname, fields, originOf(request));
    } catch (error) {
      const failure =
        error instanceof StripeFailure
          ? error
          : invalid(error instanceof Error ? error.message : String(error));
      status = failure.status;
      result = { error: failure.body };
    }
    if (typeof idempotencyKey === 'string') {
      idempotent.set(idempotencyKey, { fingerprint, status, body: result });
    }
    if (status === 200 && method !== 'GET') await save();
    send(response, status, result);
  };
};

const throwing = (failure: StripeFailure): never => {
  throw failure;
};
