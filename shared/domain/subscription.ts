import { TIERS, type TierId } from './tiers';

/** The Stripe subscription statuses the product handles. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'unpaid',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * What a company may do because of its plan, decided the same way on the server (which enforces
 * it) and in the browser (which explains it):
 * - `subscribed`: a Stripe subscription that is paid or still being retried — its tier applies;
 * - `founder`: a founder's company without one — the intro tier, free for life, no trial;
 * - `trial`: a new company's 14 days on the intro tier;
 * - `lapsed`: the trial or the subscription has ended — everything stays readable, but AI
 *   generation and publishing wait for a plan.
 */
export type Entitlement =
  | { kind: 'subscribed' }
  | { kind: 'founder' }
  | { kind: 'trial'; endsAt: string }
  | { kind: 'lapsed'; reason: 'trial-ended' | 'subscription-ended' };

/**
 * Past due still counts as paying: Stripe is retrying the card, and the owner has been told
 * (banner and email). Stopping the daily loop on the first declined retry would punish a
 * temporary problem; unpaid, canceled and incomplete subscriptions stop it.
 */
export const PAYING_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** Statuses of a subscription Stripe has ended for good: it charges nothing more. */
const ENDED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

/**
 * The company has a subscription Stripe could still charge for. Deleting such a company ends it
 * at once (the company-cleanup job cancels it without proration), so the owner is told first.
 */
export const hasOpenSubscription = (
  company: Pick<PlanFacts, 'stripeSubscriptionId' | 'subscription'>,
): boolean =>
  Boolean(company.stripeSubscriptionId) &&
  !(company.subscription.status && ENDED_STATUSES.includes(company.subscription.status));

export interface PlanFacts {
  subscriptionTier: TierId;
  founder: boolean;
  trialEndDate: string | null;
  stripeSubscriptionId: string | null;
  subscription: { status: SubscriptionStatus | null };
}

export const entitlementOf = (company: PlanFacts, now: number = Date.now()): Entitlement => {
  const status = company.subscription.status;
  if (company.stripeSubscriptionId && status && PAYING_STATUSES.includes(status)) {
    return { kind: 'subscribed' };
  }
  if (company.founder) return { kind: 'founder' };
  if (company.trialEndDate && Date.parse(company.trialEndDate) > now) {
    return { kind: 'trial', endsAt: company.trialEndDate };
  }
  return {
    kind: 'lapsed',
    reason: company.stripeSubscriptionId ? 'subscription-ended' : 'trial-ended',
  };
};

/**
 * The tier whose limits apply now: the subscribed tier while it is paid for, otherwise intro (a
 * trial, a founder, or an unpaid subscription's company keeps intro's platforms and limits).
 */
export const effectiveTierOf = (company: PlanFacts, now: number = Date.now()): TierId =>
  entitlementOf(company, now).kind === 'subscribed' ? company.subscriptionTier : 'intro';

/** Why generation and publishing are refused for a lapsed company (code SUBSCRIPTION_REQUIRED). */
export const LAPSED_MESSAGES: Record<'trial-ended' | 'subscription-ended', string> = {
  'trial-ended':
    'Your free trial has ended. Choose a plan to keep generating and publishing posts.',
  'subscription-ended':
    'Your subscription has ended. Choose a plan to keep generating and publishing posts.',
};

/** Founders may buy any paid tier, but never intro: theirs is free for life. */
export const purchasableTiers = (company: Pick<PlanFacts, 'founder'>): readonly TierId[] =>
  company.founder ? (['silver', 'gold', 'platinum'] as const) : (Object.keys(TIERS) as TierId[]);
