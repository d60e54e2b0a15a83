import type Stripe from 'stripe';
import { isConditionFailure } from '../core/db/conditions';
import { RETRY_NOW, retryOnContention } from '../core/db/contention';
import { companyEntity, type CompanyRecord } from '../core/db/entities/company';
import { logger } from '../core/logger';
import { countPlanChange } from '../domain/business/business-counts';
import { stripeClient, stripePrices } from '../integrations/payments/provider';
import { callingStripe, isStripeMissing } from '../integrations/payments/stripe-failures';
import { planChangeOf, subscriptionFactsOf, type SubscriptionFacts } from './subscription-state';

/**
 * Applies a Stripe subscription's current state to its company — the one way a company's plan
 * changes. The webhook applies what it re-reads from Stripe, and the routes that change a plan
 * apply what Stripe answered them, so both converge on Stripe's state:
 *
 * - the company is the one the subscription's metadata names, and only if that company's Stripe
 *   customer is the subscription's (a subscription of another customer changes nothing);
 * - a deleted company is left alone (its clean-up removes it);
 * - a subscription older than the company's current one never overwrites it (a late event of a
 *   subscription that ended before a new checkout);
 * - the write is conditional on the current subscription id read, so two events applied at once
 *   cannot interleave: the loser reads again.
 */

const ATTEMPTS = 3;

type Ignored =
  | 'no company in metadata'
  | 'company not found'
  | 'company deleted'
  | 'another customer'
  | 'older subscription';

const subscriptionOf = (subscriptionId: string): Promise<Stripe.Subscription | undefined> =>
  callingStripe('retrieve subscription', async () => {
    try {
      return await (await stripeClient()).subscriptions.retrieve(subscriptionId);
    } catch (error) {
      if (isStripeMissing(error)) return undefined;
      throw error;
    }
  });

/**
 * Whether `facts` may replace the company's current subscription `currentId`: it is newer, or the
 * current one has ended (or is gone from Stripe) while this one has not.
 */
const replacesCurrent = async (facts: SubscriptionFacts, currentId: string): Promise<boolean> => {
  const current = await subscriptionOf(currentId);
  if (!current) return true;
  const currentFacts = subscriptionFactsOf(current, stripePrices().tierOf);
  return (
    facts.created > currentFacts.created ||
    (facts.created === currentFacts.created && currentFacts.ended && !facts.ended)
  );
};

const write = async (
  company: CompanyRecord,
  subscription: Stripe.Subscription,
  facts: SubscriptionFacts,
): Promise<CompanyRecord | undefined> => {
  const change = planChangeOf(subscription, facts);
  const { subscriptionCurrentPeriodEnd, subscriptionTier, ...always } = change;
  let update = companyEntity()
    .patch({ companyId: company.companyId })
    .set({
      ...always,
      ...(subscriptionTier ? { subscriptionTier } : {}),
      ...(subscriptionCurrentPeriodEnd ? { subscriptionCurrentPeriodEnd } : {}),
    });
  if (!subscriptionCurrentPeriodEnd) update = update.remove(['subscriptionCurrentPeriodEnd']);
  const readId = company.stripeSubscriptionId;
  try {
    const { data } = await update
      .where(({ stripeSubscriptionId, deletedAt }, { eq, notExists }) =>
        [
          readId ? eq(stripeSubscriptionId, readId) : notExists(stripeSubscriptionId),
          notExists(deletedAt),
        ].join(' AND '),
      )
      .go({ response: 'all_new' });
    return data as CompanyRecord;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
};

export type SyncOutcome =
  { applied: true; company: CompanyRecord } | { applied: false; reason: Ignored };

/**
 * Applies `subscription` (as Stripe just answered it) to its company. `companyId` stands in for a
 * subscription without our metadata (the checkout session's reference names the company).
 */
export const applySubscription = async (
  subscription: Stripe.Subscription,
  companyId?: string,
): Promise<SyncOutcome> => {
  const facts = subscriptionFactsOf(subscription, stripePrices().tierOf);
  const id = facts.companyId ?? companyId;
  const ignore = (reason: Ignored): SyncOutcome => {
    logger.info('Subscription not applied', {
      reason,
      subscriptionId: facts.subscriptionId,
      companyId: id,
    });
    return { applied: false, reason };
  };
  if (!id) return ignore('no company in metadata');

  return retryOnContention<SyncOutcome>(
    {
      attempts: ATTEMPTS,
      exhausted: `The company ${id} kept changing while its subscription was applied`,
    },
    async () => {
      const { data: company } = await companyEntity()
        .get({ companyId: id })
        .go({ consistent: true });
      if (!company) return ignore('company not found');
      if (company.deletedAt) return ignore('company deleted');
      if (company.stripeCustomerId !== facts.customerId) return ignore('another customer');
      const currentId = company.stripeSubscriptionId;
      if (currentId && currentId !== facts.subscriptionId) {
        if (!(await replacesCurrent(facts, currentId))) return ignore('older subscription');
      }
      const written = await write(company, subscription, facts);
      if (written) {
        await countPlanChange(id, company, written);
        logger.info('Subscription applied', {
          companyId: id,
          subscriptionId: facts.subscriptionId,
          status: facts.status,
          tier: written.subscriptionTier,
          pendingDowngrade: written.pendingDowngrade,
        });
        return { applied: true, company: written };
      }
      // Another event changed the company's subscription (or deleted it) meanwhile: read again.
      return RETRY_NOW;
    },
  );
};

/** Re-reads a subscription from Stripe and applies its current state (the webhook's way). */
export const syncSubscription = async (
  subscriptionId: string,
  companyId?: string,
): Promise<SyncOutcome | undefined> => {
  const subscription = await subscriptionOf(subscriptionId);
  if (!subscription) {
    logger.warn('A subscription of an event is unknown to Stripe', { subscriptionId });
    return undefined;
  }
  return applySubscription(subscription, companyId);
};
