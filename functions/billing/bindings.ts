import { declareFunction } from '#functions/core/bindings';

/**
 * Checkout, cancellation, the customer portal and Stripe's webhook: the table (companies, the
 * events already applied), the app's URL (where Stripe sends the browser back), email (a failed
 * payment tells the owner) and Stripe's keys.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    appUrl: true,
    email: true,
    secrets: ['tokenKey', 'originKey'],
  },
});
