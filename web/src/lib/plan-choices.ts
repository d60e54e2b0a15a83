import type { Company } from '#shared/contract/companies';
import { entitlementOf, purchasableTiers, type Entitlement } from '#shared/domain/subscription';
import { TIER_LIST, TIERS, type TierId } from '#shared/domain/tiers';

export type PlanFactsOfCompany = Pick<
  Company,
  | 'subscriptionTier'
  | 'founder'
  | 'trialEndDate'
  | 'stripeSubscriptionId'
  | 'stripeCustomerId'
  | 'subscription'
  | 'pendingDowngrade'
  | 'subscriptionCurrentPeriodEnd'
>;

/** What one tier's card in Manage Subscription says and offers. */
export interface TierChoice {
  tier: TierId;
  name: string;
  /** '$150' — or, for a founder's intro tier, 'Free'. */
  price: string;
  /** What follows the price: '/month', or 'for life' (a founder's intro tier). */
  period: string;
  /** The tier the company is on now: paid for, a founder's free intro, or the trial's intro. */
  current: boolean;
  /** What the current tier is, for its badge ('Current plan', 'Free trial'). */
  currentLabel: string | null;
  /** The founder's free intro tier. */
  founderFree: boolean;
  /** The button's label ('Choose Plan', 'Upgrade', 'Switch to Silver'); null without one. */
  action: string | null;
}

export interface PlanChoices {
  entitlement: Entitlement;
  tiers: TierChoice[];
  /** A paying subscription that is not already ending: Cancel subscription is offered. */
  canCancel: boolean;
  /** The subscription ends at the period's end (then intro): its date, and Resume is offered. */
  cancelsOn: string | null;
  /** Stripe knows the company: Billing details (card, invoices) is offered. */
  hasBillingDetails: boolean;
}

const rank = (tier: TierId) => TIER_LIST.findIndex((plan) => plan.id === tier);

/**
 * The plans as the Manage Subscription dialog offers them, decided from the company alone:
 *
 * - paying for a tier: that tier is current; dearer tiers offer Upgrade, cheaper ones Switch to;
 * - a founder without a subscription: intro is current and free for life; the paid tiers offer
 *   Upgrade; intro is never sold to a founder;
 * - on trial: intro is current (the trial) and every tier offers Choose Plan, intro included (to
 *   keep going after the trial);
 * - lapsed: nothing is current; every tier offers Choose Plan.
 */
export const planChoicesOf = (
  company: PlanFactsOfCompany,
  now: number = Date.now(),
): PlanChoices => {
  const entitlement = entitlementOf(company, now);
  const purchasable = purchasableTiers(company);
  const subscribed = entitlement.kind === 'subscribed';
  const currentTier: TierId | null = subscribed
    ? company.subscriptionTier
    : entitlement.kind === 'lapsed'
      ? null
      : 'intro';

  const tiers = TIER_LIST.map((plan): TierChoice => {
    const founderFree = company.founder && plan.id === 'intro';
    const current = plan.id === currentTier;
    let action: string | null = null;
    if (purchasable.includes(plan.id) && !(subscribed && current)) {
      if (subscribed) {
        action =
          rank(plan.id) > rank(company.subscriptionTier) ? 'Upgrade' : `Switch to ${plan.name}`;
      } else {
        action = company.founder ? 'Upgrade' : 'Choose Plan';
      }
    }
    return {
      tier: plan.id,
      name: plan.name,
      price: founderFree ? 'Free' : `$${plan.monthlyPrice}`,
      period: founderFree ? 'for life' : '/month',
      current,
      currentLabel: current ? (entitlement.kind === 'trial' ? 'Free trial' : 'Current plan') : null,
      founderFree,
      action,
    };
  });

  const cancelsOn =
    company.pendingDowngrade && company.subscriptionCurrentPeriodEnd
      ? company.subscriptionCurrentPeriodEnd
      : null;
  return {
    entitlement,
    tiers,
    canCancel: subscribed && !company.pendingDowngrade,
    cancelsOn,
    hasBillingDetails: Boolean(company.stripeCustomerId),
  };
};

/** The tier name for messages ('Gold'). */
export const tierName = (tier: TierId): string => TIERS[tier].name;
