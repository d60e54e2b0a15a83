import type { Logger } from '@aws-lambda-powertools/logger';
import { companyEntity } from '../core/db/entities/company';
import { stripeClient } from '../integrations/payments/provider';
import { callingStripe, isStripeMissing } from '../integrations/payments/stripe-failures';

/**
 * A deleted company must not go on being charged: its subscription ends at once, not at the
 * period's end (there is nothing left to serve), without proration — the owner chose to delete.
 * Run by the company-cleanup job before the company item goes. Safe to run twice: an ended or
 * missing subscription is left as it is; Stripe being down throws, and the job's retry finishes it.
 * The `customer.subscription.deleted` event that follows finds the company deleted and is ignored.
 */
export const endDeletedCompanySubscription = async (
  companyId: string,
  logger: Logger,
): Promise<void> => {
  const { data: company } = await companyEntity().get({ companyId }).go({ consistent: true });
  const subscriptionId = company?.stripeSubscriptionId;
  if (!subscriptionId || company.subscriptionStatus === 'canceled') return;
  const stripe = await stripeClient();
  try {
    const subscription = await callingStripe('read a deleted company’s subscription', () =>
      stripe.subscriptions.retrieve(subscriptionId),
    );
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
    await callingStripe('cancel a deleted company’s subscription', () =>
      stripe.subscriptions.cancel(subscriptionId, { prorate: false }),
    );
    logger.info('Cancelled the subscription of a deleted company', { companyId });
  } catch (error) {
    if (isStripeMissing(error)) return;
    throw error;
  }
};
