import type { Company } from '#shared/contract/companies';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';
import { daysText, subscriptionIssueOf, trialStateOf } from '../subscription';

interface BannerProps {
  company: Company;
  /** Opens the Manage Subscription modal. */
  onChoosePlan: () => void;
  now?: number;
}

/** 'Subscription Issue' for any status other than active. */
export function SubscriptionIssueBanner({ company, onChoosePlan }: BannerProps) {
  const message = subscriptionIssueOf(company);
  if (!message) return null;
  return (
    <Alert
      tone="warning"
      title="Subscription Issue"
      action={
        <Button variant="secondary" size="sm" onClick={onChoosePlan}>
          Manage Subscription
        </Button>
      }
    >
      {message}
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

/** The trial banner: active, ending (red, 2 days or fewer) or expired. */
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
      {banner.text(trial.kind === 'expired' ? 0 : trial.daysLeft)}
    </Alert>
  );
}
