import type { Company } from '#shared/contract/companies';
import type { SubscriptionStatus } from '#shared/domain/subscription';
import { TRIAL_WARNING_DAYS } from '#shared/domain/limits';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The 'Subscription Issue' banner's message per status. */
export const SUBSCRIPTION_ISSUE_MESSAGES: Record<Exclude<SubscriptionStatus, 'active'>, string> = {
  past_due:
    'Your payment is past due. Please update your payment method to avoid service interruption.',
  canceled:
    'Your subscription has been canceled. Please set up a new subscription to continue using all features.',
  incomplete: 'Your subscription setup is incomplete. Please complete the payment process.',
  incomplete_expired: 'Your subscription setup has expired. Please set up a new subscription.',
  trialing:
    'Your trial period is active. Please set up a subscription to continue using all features after the trial ends.',
  unpaid:
    'Your subscription is unpaid. Please update your payment method to avoid service interruption.',
};

/** The issue message when the status is set and not active; null otherwise. */
export const subscriptionIssueOf = (company: Pick<Company, 'subscription'>): string | null => {
  const status = company.subscription.status;
  if (!status || status === 'active') return null;
  return SUBSCRIPTION_ISSUE_MESSAGES[status];
};

export type TrialState =
  { kind: 'active'; daysLeft: number } | { kind: 'ending'; daysLeft: number } | { kind: 'expired' };

/**
 * The trial banner's state: only with a trial end date and no subscription id (a paying company
 * has no trial to count down), and never for a founder's company (intro is free for life).
 * Days left are rounded up; 2 or fewer is 'ending'; an end date in the past is 'expired'.
 */
export const trialStateOf = (
  company: Pick<Company, 'trialEndDate' | 'stripeSubscriptionId' | 'founder'>,
  now: number = Date.now(),
): TrialState | null => {
  if (!company.trialEndDate || company.stripeSubscriptionId || company.founder) return null;
  const end = Date.parse(company.trialEndDate);
  if (Number.isNaN(end)) return null;
  if (end <= now) return { kind: 'expired' };
  const daysLeft = Math.ceil((end - now) / DAY_MS);
  return daysLeft <= TRIAL_WARNING_DAYS
    ? { kind: 'ending', daysLeft }
    : { kind: 'active', daysLeft };
};

export const daysText = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;
