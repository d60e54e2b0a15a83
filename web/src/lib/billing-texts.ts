/**
 * The billing contract's texts and return query (shared/contract/billing.ts), for the screens.
 * They are copied rather than imported: that module builds the contract's zod schemas when it
 * loads, and importing one string from it would bring zod (~30 KB) to the company overview.
 * billing-texts.test.ts keeps every copy equal to the contract's.
 */

/** The query the company overview is opened with when Stripe sends the browser back. */
export const CHECKOUT_RETURN = {
  param: 'checkout',
  success: 'success',
  cancelled: 'cancelled',
  tierParam: 'tier',
} as const;

export const CANCEL_SUCCESS_MESSAGE =
  'Subscription cancelled successfully. Your subscription will remain active until the end of the current billing period.';
export const CANCEL_CONFIRMATION =
  'Are you sure you want to cancel your subscription? Your subscription will remain active until the end of the current billing period.';
export const RESUME_SUCCESS_MESSAGE = 'Your subscription will continue. Nothing changes.';

/** The spec's billing texts (§8) and ours where it is silent. */
export const BILLING_MESSAGES = {
  checkoutFailed: 'Failed to start checkout process',
  upgradeFailed: 'Failed to process subscription upgrade',
  cancelFailed: 'Failed to cancel subscription',
  resumeFailed: 'Failed to resume subscription',
  portalFailed: 'Failed to open billing details',
  checkoutCancelled: 'Checkout cancelled — your plan has not changed.',
  nowOnPlan: (tierName: string) => `Your company is now on the ${tierName} plan.`,
  confirming: 'Confirming your payment with Stripe…',
  confirmingSlow:
    'Stripe has not confirmed your payment yet. This can take a minute: your new plan shows here as soon as it arrives.',
  paused: 'AI drafting and publishing are paused until the company has a plan.',
} as const;
