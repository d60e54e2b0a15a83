import * as z from 'zod';
import { TIER_IDS } from '../domain/tiers';
import { companySchema } from './companies';
import { bodyErrors, companyIdValue } from './fields';
import { defineRoute } from './route';

/**
 * Plans through Stripe: hosted checkout to start or change a plan, cancel at the period's end (and
 * resume before it), Stripe's customer portal for the card and invoices, and the webhook that is
 * the only way a company's tier changes after a payment.
 */

const tier = z.enum(TIER_IDS, { error: 'Choose a plan: intro, silver, gold or platinum' });

const companyBody = z.strictObject({ companyId: companyIdValue() }, bodyErrors());

const createCheckoutSessionBody = z.strictObject(
  {
    companyId: companyIdValue(),
    tier,
    /**
     * Sent by clients that know the company's Stripe customer. The server always uses the
     * company's own customer (or creates it) and never trusts this one.
     */
    customerId: z
      .string({ error: 'Customer ID must be text' })
      .regex(/^cus_\w{1,250}$/, 'Customer ID must be a Stripe customer id')
      .nullish(),
    /**
     * The browser's GA4 client id (two runs of digits, from the `_ga` cookie), sent only once the
     * visitor accepted analytics: carried through Stripe so the server's `purchase` joins the
     * visit that led to it.
     */
    analyticsClientId: z
      .string({ error: 'Analytics client ID must be text' })
      .regex(/^\d{1,20}\.\d{1,20}$/, 'Analytics client ID must be a GA client id')
      .optional(),
  },
  bodyErrors(),
);
export type CreateCheckoutSessionBody = z.input<typeof createCheckoutSessionBody>;

/**
 * Either the browser goes to Stripe's hosted checkout (a first plan, or a new one after a
 * subscription ended), or — a company already paying that changes tier — the subscription was
 * changed in place (prorated) and the company is answered as it now is.
 */
const checkoutResponse = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('checkout'), sessionId: z.string(), url: z.string() }),
  z.object({ outcome: z.literal('updated'), company: companySchema }),
]);
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

const subscriptionChangeResponse = z.object({ message: z.string(), company: companySchema });

export const billingRoutes = {
  createCheckoutSession: defineRoute({
    method: 'POST',
    path: '/stripe/create-checkout-session',
    group: 'billing',
    access: 'user',
    summary:
      "Starts Stripe's hosted checkout for a tier, or changes a paying company's subscription to it",
    body: createCheckoutSessionBody,
    response: checkoutResponse,
    errors: [
      'COMPANY_NOT_FOUND',
      'PLAN_ALREADY_ACTIVE',
      'PLAN_NOT_AVAILABLE',
      'BILLING_UNAVAILABLE',
    ],
  }),
  cancelSubscription: defineRoute({
    method: 'POST',
    path: '/stripe/cancel-subscription',
    group: 'billing',
    access: 'user',
    summary:
      'Cancels at the end of the paid period: the tier stays until then, then the company drops to intro',
    body: companyBody,
    response: subscriptionChangeResponse,
    errors: ['COMPANY_NOT_FOUND', 'NO_SUBSCRIPTION', 'BILLING_UNAVAILABLE'],
  }),
  resumeSubscription: defineRoute({
    method: 'POST',
    path: '/stripe/resume-subscription',
    group: 'billing',
    access: 'user',
    summary: 'Takes back a cancellation before the period ends',
    body: companyBody,
    response: subscriptionChangeResponse,
    errors: ['COMPANY_NOT_FOUND', 'NO_SUBSCRIPTION', 'BILLING_UNAVAILABLE'],
  }),
  billingPortal: defineRoute({
    method: 'POST',
    path: '/stripe/billing-portal',
    group: 'billing',
    access: 'user',
    summary: "Stripe's customer portal for the company: the card, invoices and receipts",
    body: companyBody,
    response: z.object({ url: z.string() }),
    errors: ['COMPANY_NOT_FOUND', 'NO_SUBSCRIPTION', 'BILLING_UNAVAILABLE'],
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/stripe/webhook',
    group: 'billing',
    access: 'public',
    summary:
      "Stripe's events, verified by their signature over the raw body; each event is applied once",
    // No body schema: the signature covers the exact bytes Stripe sent, so the handler reads them raw.
    response: z.object({ received: z.literal(true) }),
    // 503 (Stripe retries): Stripe could not be read back, or another delivery of the same event
    // is being applied at this moment.
    errors: ['WEBHOOK_SIGNATURE_INVALID', 'BILLING_UNAVAILABLE'],
  }),
} as const;
