import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type Stripe from 'stripe';
import { Invalid, Unavailable } from '../core/errors';
import { claimJobRun, completeJobRun, releaseJobRun } from '../core/jobs/job-claim';
import { logger } from '../core/logger';
import { stripeClient, stripeWebhookSecret } from '../integrations/payments/provider';
import { sendPaymentFailedEmail } from './payment-failed-email';
import { reportPurchase } from './purchase-event';
import { idOf } from './subscription-state';
import { syncSubscription, type SyncOutcome } from './subscription-sync';

/**
 * Stripe's events. Each is verified by its signature over the exact bytes Stripe sent (the route
 * has no body schema, so nothing parses the body before this), then applied once:
 *
 * - the event is claimed first (the jobs' claim, `core/jobs/job-claim.ts`, keyed by the event id,
 *   kept 7 days — longer than Stripe's 3 days of retries), and marked done only after everything
 *   it does is done. A failure gives the claim back and answers 5xx, so Stripe's retry applies it;
 *   a crash leaves a lease that a retry after it takes over. No event is lost.
 * - a delivery that finds the event done answers 200 and does nothing (the payment-failure email
 *   goes out once); one that finds it being applied right now answers 503, so Stripe comes back.
 * - what it applies is never the event's copy of the subscription but Stripe's current state,
 *   read again (subscription-sync.ts): late, repeated and reordered events all end where Stripe is.
 */

/** Longer than the function may run (29 s): a live claim is never taken over. */
const CLAIM_LEASE_MS = 60_000;
const CLAIM_JOB = 'stripe-event';

const SIGNATURE_MESSAGE = 'The Stripe signature is missing or does not match the body.';

type Handled =
  | 'checkout.session.completed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed';

const HANDLED: ReadonlySet<string> = new Set<Handled>([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const headerOf = (event: APIGatewayProxyEventV2, name: string): string | undefined =>
  Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

/** The event, if Stripe signed these bytes with our endpoint's secret (and not too long ago). */
const verifiedEvent = async (event: APIGatewayProxyEventV2): Promise<Stripe.Event> => {
  const signature = headerOf(event, 'stripe-signature');
  if (!signature || !event.body) throw new Invalid('WEBHOOK_SIGNATURE_INVALID', SIGNATURE_MESSAGE);
  // API Gateway hands a body over as text or, for a content type it thinks binary, base64.
  const payload = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  const [stripe, secret] = await Promise.all([stripeClient(), stripeWebhookSecret()]);
  try {
    return await stripe.webhooks.constructEventAsync(payload, signature, secret);
  } catch (error) {
    logger.warn('A webhook call failed signature verification', {
      error: (error as Error).name,
    });
    throw new Invalid('WEBHOOK_SIGNATURE_INVALID', SIGNATURE_MESSAGE);
  }
};

/** The subscription an invoice bills, if any (since 2025-03-31 under `parent`). */
const subscriptionOfInvoice = (invoice: Stripe.Invoice): string | undefined => {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return subscription ? idOf(subscription) : undefined;
};

const apply = async (event: Stripe.Event): Promise<void> => {
  let outcome: SyncOutcome | undefined;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return;
      outcome = await syncSubscription(
        idOf(session.subscription),
        session.metadata?.companyId ?? session.client_reference_id ?? undefined,
      );
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      outcome = await syncSubscription(event.data.object.id);
      break;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!subscriptionId) return;
      outcome = await syncSubscription(subscriptionId);
      if (event.type === 'invoice.payment_failed' && outcome?.applied) {
        await sendPaymentFailedEmail(outcome.company, invoice);
      }
      if (event.type === 'invoice.paid' && outcome?.applied) {
        await reportPurchase(invoice, outcome.company);
      }
      break;
    }
    default:
      return;
  }
};

/** Verifies, then applies the event once; events we do not act on are acknowledged. */
export const receiveStripeEvent = async (
  request: APIGatewayProxyEventV2,
): Promise<{ received: true }> => {
  const event = await verifiedEvent(request);
  logger.appendKeys({ stripeEventId: event.id, stripeEventType: event.type });
  if (!HANDLED.has(event.type)) return { received: true };

  const claim = await claimJobRun(CLAIM_JOB, event.id, CLAIM_LEASE_MS);
  if (!claim.claimed) {
    if (claim.heldAs === 'done') {
      logger.info('Stripe event already applied');
      return { received: true };
    }
    throw new Unavailable(
      'BILLING_UNAVAILABLE',
      'This event is being applied by another delivery; try again later.',
    );
  }
  try {
    await apply(event);
  } catch (error) {
    await releaseJobRun(claim.claim);
    throw error;
  }
  await completeJobRun(claim.claim);
  return { received: true };
};
