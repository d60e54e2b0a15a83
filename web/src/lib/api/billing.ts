import type { CheckoutResponse, CreateCheckoutSessionBody } from '#shared/contract/billing';
import type { Company } from '#shared/contract/companies';
import { analyticsClientId } from '../analytics';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';

/*
 * The billing calls (POST /stripe/…), all made from the Manage Subscription dialog. A plan only
 * changes through Stripe: the answers carry the company as it now is, or an address to go to.
 */

const checkoutRoute = apiRoute('POST /stripe/create-checkout-session');
const cancelRoute = apiRoute('POST /stripe/cancel-subscription');
const resumeRoute = apiRoute('POST /stripe/resume-subscription');
const portalRoute = apiRoute('POST /stripe/billing-portal');

/**
 * Starts Stripe's hosted checkout for a tier (`checkout`: send the browser to `url`), or changes a
 * paying company's subscription in place (`updated`: the company on its new tier). The browser's
 * GA client id goes along once the visitor accepted analytics, so the server's `purchase` joins
 * the visit that led to it.
 */
export const createCheckoutSession = (
  body: CreateCheckoutSessionBody,
): Promise<CheckoutResponse> => {
  const analyticsClient = analyticsClientId();
  return callApi(checkoutRoute, {
    body: analyticsClient ? { ...body, analyticsClientId: analyticsClient } : body,
  });
};

export interface SubscriptionChange {
  message: string;
  company: Company;
}

/** Cancels at the end of the paid period; the answer is the company with its pending downgrade. */
export const cancelSubscription = (companyId: string): Promise<SubscriptionChange> =>
  callApi(cancelRoute, { body: { companyId } });

/** Takes back a cancellation before the period ends. */
export const resumeSubscription = (companyId: string): Promise<SubscriptionChange> =>
  callApi(resumeRoute, { body: { companyId } });

/** The address of Stripe's customer portal for the company (card, invoices, receipts). */
export const openBillingPortal = async (companyId: string): Promise<string> =>
  (await callApi(portalRoute, { body: { companyId } })).url;
