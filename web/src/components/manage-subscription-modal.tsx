import clsx from 'clsx';
import type { Company } from '#shared/contract/companies';
import { PLATFORMS, PLATFORM_IDS, TIER_LIST } from '#shared/domain/tiers';
import { Badge } from '#web/components/badge';
import { Button } from '#web/components/button';
import { IconCheck, IconClose } from '#web/components/icons';
import { Modal } from '#web/components/modal';
import { formatDate } from '#web/lib/format';

interface ManageSubscriptionModalProps {
  open: boolean;
  onClose: () => void;
  company: Company;
}

const generationsText = (limit: number) =>
  `${limit} AI ${limit === 1 ? 'generation' : 'generations'} per day`;

/**
 * Manage Subscription: the four tiers with their platforms and daily generation
 * limits; prices read 'Coming Soon' until checkout arrives.
 */
export function ManageSubscriptionModal({ open, onClose, company }: ManageSubscriptionModalProps) {
  const cancellation =
    company.pendingDowngrade && company.subscriptionCurrentPeriodEnd
      ? `Your subscription will be cancelled on ${formatDate(company.subscriptionCurrentPeriodEnd)}. You will be downgraded to the Intro tier.`
      : null;
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title="Manage Subscription"
      description={`Plans for ${company.name}. Each company has its own plan.`}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {cancellation ? (
        <p className="mb-4 rounded-lg bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900">
          {cancellation}
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {TIER_LIST.map((tier) => {
          const current = tier.id === company.subscriptionTier;
          return (
            <li
              key={tier.id}
              aria-current={current ? 'true' : undefined}
              className={clsx(
                'flex flex-col rounded-xl border p-4',
                current
                  ? 'border-brand-300 bg-brand-50/50 ring-1 ring-brand-200'
                  : 'border-slate-200',
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-base font-semibold text-slate-900">{tier.name}</h3>
                {current ? <Badge tone="brand">Current plan</Badge> : null}
              </div>
              <p className="mt-2 text-sm font-semibold text-slate-500">Coming Soon</p>
              <p className="mt-3 text-sm text-slate-700">
                {generationsText(tier.dailyGenerationLimit)}
              </p>
              <ul className="mt-3 space-y-1.5 text-sm" aria-label={`${tier.name} platforms`}>
                {PLATFORM_IDS.map((platform) => {
                  const allowed = tier.allowedPlatforms.includes(platform);
                  const Icon = allowed ? IconCheck : IconClose;
                  return (
                    <li
                      key={platform}
                      className={clsx(
                        'flex items-center gap-2',
                        allowed ? 'text-slate-700' : 'text-slate-500',
                      )}
                    >
                      <Icon
                        aria-hidden="true"
                        className={clsx('size-4 shrink-0', allowed ? 'text-emerald-600' : '')}
                      />
                      <span className={allowed ? undefined : 'line-through decoration-slate-300'}>
                        {PLATFORMS[platform].name}
                      </span>
                      <span className="sr-only">{allowed ? '(included)' : '(not included)'}</span>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm text-slate-500">
        Online checkout is on its way. Until then your company keeps its current plan.
      </p>
    </Modal>
  );
}
