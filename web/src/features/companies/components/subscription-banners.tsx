import type { Company } from '../../../../../shared/contract/companies';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { daysText, subscriptionIssueOf, trialStateOf } from '../subscription';

interface BannerProps {
  company: Company;
  /** Opens the Manage Subscription modal. */
  onChoosePlan: () => void;
  now?: number;
}

/** 'Subscription Issue' for any status other than active (spec 1 §4). */
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

/** The trial banner: active, ending (red, 2 days or fewer) or expired (spec 1 §4). */
export function TrialBanner({ company, onChoosePlan, now }: BannerProps) {
  const trial = trialStateOf(company, now);
  if (!trial) return null;
  if (trial.kind === 'expired') {
    return (
      <Alert
        tone="danger"
        title="Trial Expired"
        action={
          <Button variant="danger" size="sm" onClick={onChoosePlan}>
            Set Up Subscription
          </Button>
        }
      >
        Please set up a subscription to continue using all features
      </Alert>
    );
  }
  if (trial.kind === 'ending') {
    return (
      <Alert
        tone="danger"
        title="Trial Ending Soon!"
        action={
          <Button variant="danger" size="sm" onClick={onChoosePlan}>
            Choose Plan Now
          </Button>
        }
      >
        {`Only ${daysText(trial.daysLeft)} left - Don't lose the momentum you've built!`}
      </Alert>
    );
  }
  return (
    <Alert
      tone="info"
      title="Free Trial Active"
      action={
        <Button variant="secondary" size="sm" onClick={onChoosePlan}>
          Choose Plan
        </Button>
      }
    >
      {`${daysText(trial.daysLeft)} remaining in your free trial.`}
    </Alert>
  );
}
