import { billingRoutes } from '#shared/contract/billing';
import { loadOwnedCompany } from '../domain/ownership/owned-company';
import { createGroupHandler } from '../core/http/group-handler';
import { startCheckout } from './checkout';
import { billingPortalUrl, cancelAtPeriodEnd, resumeSubscription } from './subscription-changes';
import { receiveStripeEvent } from './webhook';

/**
 * Routing only: each signed-in route loads the caller's own company first (the body's companyId
 * is only a name for it, and the body's customerId is never used), then hands over to a domain
 * module. The webhook has no caller: Stripe's signature is its authentication.
 */
export const handler = createGroupHandler(billingRoutes, {
  createCheckoutSession: async ({ body, caller }) =>
    startCheckout({
      company: await loadOwnedCompany(body.companyId, caller),
      owner: caller.user,
      tier: body.tier,
      analyticsClientId: body.analyticsClientId,
    }),

  cancelSubscription: async ({ body, caller }) =>
    cancelAtPeriodEnd(await loadOwnedCompany(body.companyId, caller)),

  resumeSubscription: async ({ body, caller }) =>
    resumeSubscription(await loadOwnedCompany(body.companyId, caller)),

  billingPortal: async ({ body, caller }) =>
    billingPortalUrl(await loadOwnedCompany(body.companyId, caller)),

  webhook: async ({ event }) => receiveStripeEvent(event),
});
