import type Stripe from 'stripe';
import { ANALYTICS_CURRENCY, type InvoiceId } from '#shared/domain/analytics';
import type { CompanyRecord } from '../core/db/entities/company';
import { claimJobRun, completeJobRun } from '../core/jobs/job-claim';
import { logger } from '../core/logger';
import { opaqueClientIdOf, sendAnalyticsEvent } from '../integrations/analytics/send-analytics';

/**
 * GA4's `purchase`, sent when Stripe's signed webhook says an invoice was paid: once per invoice,
 * however often and under however many events Stripe delivers it. The invoice id is claimed
 * (the jobs' claim, kept 7 days — past Stripe's 3 days of retries) before the event is sent, so
 * a second delivery finds it taken and sends nothing; an event that could not be sent is not
 * tried again (analytics may lose one, never count one twice).
 */
const CLAIM_JOB = 'analytics-purchase';
const CLAIM_LEASE_MS = 60_000;

/** The metadata key the checkout writes the browser's GA client id under. */
export const ANALYTICS_CLIENT_METADATA = 'analyticsClientId';

/** The browser's GA client id, as the checkout carried it onto the subscription's metadata. */
const clientIdOf = (invoice: Stripe.Invoice): string | undefined =>
  invoice.parent?.subscription_details?.metadata?.[ANALYTICS_CLIENT_METADATA] || undefined;

export const reportPurchase = async (
  invoice: Stripe.Invoice,
  company: CompanyRecord,
): Promise<void> => {
  // Nothing was bought (a $0 invoice: a proration, a free period), or in another currency.
  if (!invoice.id || invoice.amount_paid <= 0) return;
  if (invoice.currency.toUpperCase() !== ANALYTICS_CURRENCY) {
    logger.warn('A paid invoice in another currency was not reported', { invoiceId: invoice.id });
    return;
  }
  try {
    const claim = await claimJobRun(CLAIM_JOB, invoice.id, CLAIM_LEASE_MS);
    if (!claim.claimed) return;
    await sendAnalyticsEvent({
      clientId: clientIdOf(invoice) ?? opaqueClientIdOf(company.companyId),
      event: {
        name: 'purchase',
        params: {
          transaction_id: invoice.id as InvoiceId,
          tier: company.subscriptionTier,
          value: invoice.amount_paid / 100,
          currency: ANALYTICS_CURRENCY,
        },
      },
    });
    await completeJobRun(claim.claim);
  } catch (error) {
    logger.warn('The purchase could not be reported', {
      invoiceId: invoice.id,
      error: (error as Error)?.name,
    });
  }
};
