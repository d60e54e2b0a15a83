import { declareFunction } from '#functions/core/bindings';

/**
 * Checkout, cancellation, the customer portal and Stripe's webhook: the table (companies, and the
 * claims of the events applied), the app's URL (where Stripe sends the browser back, and the link
 * in the failed-payment email), email (a failed payment tells the owner), Stripe's API key (with
 * the tiers' price ids), the webhook's signing secret, and GA4's Measurement Protocol secret (a
 * paid invoice is reported as a `purchase`).
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    appUrl: true,
    email: true,
    secrets: [
      'tokenKey',
      'originKey',
      'stripeSecretKey',
      'stripeWebhookSecret',
      'measurementProtocolSecret',
    ],
  },
  // Checkout may wait on three Stripe calls in a row (each with a time-out and one retry), under
  // API Gateway's 30 s.
  timeoutSeconds: 29,
});
