import { billingRoutes } from '#shared/contract/billing';
import { Unavailable } from '../core/errors';
import { createGroupHandler } from '../core/http/group-handler';

// Placeholder on the billing-base branch only: functions/billing is being built.
const notYet = async (): Promise<never> => {
  throw new Unavailable('BILLING_UNAVAILABLE', 'Billing is not built yet');
};

export const handler = createGroupHandler(billingRoutes, {
  createCheckoutSession: notYet,
  cancelSubscription: notYet,
  resumeSubscription: notYet,
  billingPortal: notYet,
  webhook: notYet,
});
