import type Stripe from 'stripe';
import { TIERS } from '#shared/domain/tiers';
import type { CompanyRecord } from '../core/db/entities/company';
import { userEntity } from '../core/db/entities/user';
import { logger } from '../core/logger';
import { emailSender } from '../integrations/email/provider';
import { overviewUrl } from './checkout';

/**
 * Tells the owner that a payment failed: what happened, that the plan keeps working while Stripe
 * tries the card again, and where to fix it (the company overview, whose banner explains and
 * whose Manage Subscription opens the portal). Sent once per event: the webhook claims the event
 * before it runs and records it applied after.
 */

const amountText = (invoice: Stripe.Invoice): string =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: invoice.currency.toUpperCase(),
  }).format(invoice.amount_due / 100);

export const paymentFailedEmail = (
  company: Pick<CompanyRecord, 'name' | 'subscriptionTier'>,
  invoice: Stripe.Invoice,
  link: string,
) => {
  const plan = TIERS[company.subscriptionTier].name;
  const retry = invoice.next_payment_attempt
    ? ` Stripe will try the card again on ${new Date(invoice.next_payment_attempt * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}.`
    : '';
  return {
    subject: `Payment failed for ${company.name}'s Sailpost plan`,
    text: [
      `We could not take the payment of ${amountText(invoice)} for ${company.name}'s ${plan} plan.${retry}`,
      '',
      'Your plan keeps working for now. Update your card to avoid any interruption:',
      link,
      '',
      'Open the company, choose Manage Subscription, then update the payment method.',
    ].join('\n'),
  };
};

export const sendPaymentFailedEmail = async (
  company: CompanyRecord,
  invoice: Stripe.Invoice,
): Promise<void> => {
  const { data: owner } = await userEntity().get({ userId: company.userId }).go();
  if (!owner) {
    logger.warn('A failed payment has no owner to tell', { companyId: company.companyId });
    return;
  }
  const message = paymentFailedEmail(company, invoice, await overviewUrl(company.companyId));
  await (await emailSender()).send({ to: owner.email, ...message });
  logger.info('Owner told of a failed payment', { companyId: company.companyId });
};
