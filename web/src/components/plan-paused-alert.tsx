import type { Company } from '#shared/contract/companies';
import { entitlementOf, LAPSED_MESSAGES } from '#shared/domain/subscription';
import { Alert } from './alert';
import { Button } from './button';

interface PlanPausedAlertProps {
  company: Company;
  /** Opens the Manage Subscription modal. */
  onChoosePlan: () => void;
  title: string;
  tone: 'danger' | 'warning';
  className?: string;
  now?: number;
}

/**
 * A company whose trial or subscription has ended keeps everything it has, but AI drafting and
 * publishing wait for a plan: said where the owner would otherwise find out by being refused.
 */
export function PlanPausedAlert({
  company,
  onChoosePlan,
  title,
  tone,
  className,
  now,
}: PlanPausedAlertProps) {
  const entitlement = entitlementOf(company, now);
  if (entitlement.kind !== 'lapsed') return null;
  return (
    <Alert
      tone={tone}
      title={title}
      className={className}
      action={
        <Button
          variant={tone === 'danger' ? 'danger' : 'secondary'}
          size="sm"
          onClick={onChoosePlan}
        >
          Choose Plan
        </Button>
      }
    >
      {LAPSED_MESSAGES[entitlement.reason]}
    </Alert>
  );
}
