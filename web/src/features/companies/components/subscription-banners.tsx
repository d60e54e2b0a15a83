import type { Company } from '#shared/contract/companies';
import { entitlementOf } from '#shared/domain/subscription';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';
import { PlanPausedAlert } from '#web/components/plan-paused-alert';
import { BILLING_MESSAGES } from '#web/lib/billing-texts';
import { daysText, subscriptionIssueOf, trialStateOf } from '../subscription';

interface BannerProps {
  company: Company;
  /** Opens the Manage Subscription modal. */
  onChoosePlan: () => void;
  now?: number;
}

/** Whether the plan has run out: AI drafting and publishing wait for a plan. */
const isPaused = (company: Company, now?: number) => entitlementOf(company, now).kind === 'lapsed';

function PausedLine() {
  return <p className="mt-1 font-medium">{BILLING_MESSAGES.paused}</p>;
}

/** 'Subscription Issue' for any status other than active. */
export function SubscriptionIssueBanner({ company, onChoosePlan, now }: BannerProps) {
  const message = subscriptionIssueOf(company);
  if (!message) return null;
  const paused = isPaused(company, now);
  return (
    <Alert
      tone={paused ? 'danger' : 'warning'}
      title="Subscription Issue"
      action={
        <Button variant="secondary" size="sm" onClick={onChoosePlan}>
          Manage Subscription
        </Button>
      }
    >
      <p>{message}</p>
      {paused ? <PausedLine /> : null}
    </Alert>
  );
}

type TrialKind = NonNullable<ReturnType<typeof trialStateOf>>['kind'];

/** The three trial banners: red from 2 days left, and once it has ended. */
const TRIAL_BANNERS: Record<
  TrialKind,
  {
    tone: 'danger' | 'info';
    title: string;
    button: string;
    variant: 'danger' | 'secondary';
    text: (daysLeft: number) => string;
  }
> = {
  active: {
    tone: 'info',
    title: 'Free Trial Active',
    button: 'Choose Plan',
    variant: 'secondary',
    text: (daysLeft) => `${daysText(daysLeft)} remaining in your free trial.`,
  },
  ending: {
    tone: 'danger',
    title: 'Trial Ending Soon!',
    button: 'Choose Plan Now',
    variant: 'danger',
    text: (daysLeft) => `Only ${daysText(daysLeft)} left - Don't lose the momentum you've built!`,
  },
  expired: {
    tone: 'danger',
    title: 'Trial Expired',
    button: 'Set Up Subscription',
    variant: 'danger',
    text: () => 'Please set up a subscription to continue using all features',
  },
};

/**
 * The trial banner: active, ending (red, 2 days or fewer) or expired; never for a founder's
 * company. Once the trial has ended it says that drafting and publishing are paused.
 */
export function TrialBanner({ company, onChoosePlan, now }: BannerProps) {
  const trial = trialStateOf(company, now);
  if (!trial) return null;
  const banner = TRIAL_BANNERS[trial.kind];
  return (
    <Alert
      tone={banner.tone}
      title={banner.title}
      action={
        <Button variant={banner.variant} size="sm" onClick={onChoosePlan}>
          {banner.button}
        </Button>
      }
    >
      <p>{banner.text(trial.kind === 'expired' ? 0 : trial.daysLeft)}</p>
      {trial.kind === 'expired' && isPaused(company, now) ? <PausedLine /> : null}
    </Alert>
  );
}

/**
 * A company whose plan has run out with neither banner above to say so (no trial date, no
 * subscription status): drafting and publishing are paused until it has a plan.
 */
export function PausedBanner({ company, onChoosePlan, now }: BannerProps) {
  if (subscriptionIssueOf(company) || trialStateOf(company, now)) return null;
  return (
    <PlanPausedAlert
      company={company}
      onChoosePlan={onChoosePlan}
      now={now}
      tone="danger"
      title="Drafting and publishing are paused"
    />
  );
}
