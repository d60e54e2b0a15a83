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
