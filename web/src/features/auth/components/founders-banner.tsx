import { FOUNDER_ACCOUNT_CAP, TRIAL_DAYS } from '#shared/domain/limits';
import { Alert } from '#web/components/alert';
import { describeFounders, useFoundersRemaining } from '#web/lib/api/count-users';

/** How many founder accounts remain; nothing while the count is loading or unavailable. */
export function FoundersBanner({ className }: { className?: string }) {
  const { remaining } = useFoundersRemaining();
  if (remaining === undefined) return null;
  return remaining === 0 ? (
    <Alert tone="info" title={describeFounders(0)} className={className}>
      Every plan still starts with a {TRIAL_DAYS}-day free trial.
    </Alert>
  ) : (
    <Alert tone="info" title={describeFounders(remaining)} className={className}>
      The first {FOUNDER_ACCOUNT_CAP} accounts become founders: the Intro plan free for life and the
      Founder Forum.
    </Alert>
  );
}
