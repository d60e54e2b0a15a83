/**
 * Billing's words and the return query, without the contract's schemas: the screens import these
 * without loading zod, the server and the contract from the same place.
 */

/** The query the company overview is opened with when Stripe sends the browser back. */
export const CHECKOUT_RETURN = {
  param: 'checkout',
  success: 'success',
  cancelled: 'cancelled',
  /** The tier that was bought, so the overview knows which tier to wait for. */
  tierParam: 'tier',
} as const;

export const CANCEL_SUCCESS_MESSAGE =
  'Subscription cancelled successfully. Your subscription will remain active until the end of the current billing period.';
export const CANCEL_CONFIRMATION =
  'Are you sure you want to cancel your subscription? Your subscription will remain active until the end of the current billing period.';
export const RESUME_SUCCESS_MESSAGE = 'Your subscription will continue. Nothing changes.';
