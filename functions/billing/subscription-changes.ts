import { CANCEL_SUCCESS_MESSAGE, RESUME_SUCCESS_MESSAGE } from '#shared/domain/billing';
import type { Company } from '#shared/contract/companies';
import { toCompany } from '../domain/companies/company-view';
import type { CompanyRecord } from '../core/db/entities/company';
import { Conflict } from '../core/errors';
import { stripeClient } from '../integrations/payments/provider';
import { callingStripe } from '../integrations/payments/stripe-failures';
import { hasLiveSubscription, overviewUrl } from './checkout';
import { applySubscription } from './subscription-sync';

/**
 * Cancelling at the period's end, taking it back, and Stripe's customer portal. Each applies what
 * Stripe answered at once (the webhook that follows finds the company already there), so the
 * owner sees the change in the answer. Each is safe to repeat: it sets a state, it adds nothing.
 */

const NO_SUBSCRIPTION_MESSAGE = 'This company has no active subscription.';

const setCancelAtPeriodEnd = async (company: CompanyRecord, cancel: boolean): Promise<Company> => {
  if (!hasLiveSubscription(company)) throw new Conflict('NO_SUBSCRIPTION', NO_SUBSCRIPTION_MESSAGE);
  const stripe = await stripeClient();
  const subscription = await callingStripe(cancel ? 'cancel' : 'resume', () =>
    stripe.subscriptions.update(company.stripeSubscriptionId, { cancel_at_period_end: cancel }),
  );
  const applied = await applySubscription(subscription);
  return toCompany(applied.applied ? applied.company : company);
};

export const cancelAtPeriodEnd = async (company: CompanyRecord) => ({
  message: CANCEL_SUCCESS_MESSAGE,
  company: await setCancelAtPeriodEnd(company, true),
});

export const resumeSubscription = async (company: CompanyRecord) => ({
  message: RESUME_SUCCESS_MESSAGE,
  company: await setCancelAtPeriodEnd(company, false),
});

/** The portal for the company's customer; it sends the owner back to the overview. */
export const billingPortalUrl = async (company: CompanyRecord): Promise<{ url: string }> => {
  const customer = company.stripeCustomerId;
  if (!customer) {
    throw new Conflict(
      'NO_SUBSCRIPTION',
      'This company has no billing account yet: choose a plan first.',
    );
  }
  const stripe = await stripeClient();
  const returnUrl = await overviewUrl(company.companyId);
  const session = await callingStripe('create portal session', () =>
    stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
  );
  return { url: session.url };
};
