import clsx from 'clsx';
import { PLATFORM_IDS, PLATFORMS, TIERS, type TierId } from '#shared/domain/tiers';
import { IconCheck, IconClose } from './icons';

/**
 * A tier's platforms as the tier table has them: every platform, ticked when the tier includes
 * it (with "coming soon" while it cannot be connected yet), struck through when it does not. The
 * landing page's pricing and the Manage Subscription dialog both draw a tier with this list, so
 * an owner reads the same promise in both.
 */
export function TierPlatforms({ tier, className }: { tier: TierId; className?: string }) {
  const plan = TIERS[tier];
  return (
    <ul className={clsx('text-sm', className)} aria-label={`${plan.name} platforms`}>
      {PLATFORM_IDS.map((id) => {
        const included = plan.allowedPlatforms.includes(id);
        const Icon = included ? IconCheck : IconClose;
        return (
          <li
            key={id}
            className={clsx(
              'flex items-center gap-2',
              included ? 'text-slate-700' : 'text-slate-500',
            )}
          >
            <Icon
              aria-hidden="true"
              className={clsx('size-4 shrink-0', included && 'text-emerald-600')}
            />
            <span className={clsx(!included && 'line-through decoration-slate-300')}>
              {PLATFORMS[id].name}
              {included && PLATFORMS[id].comingSoon ? (
                <span className="text-xs text-slate-500"> (coming soon)</span>
              ) : null}
            </span>
            <span className="sr-only">{included ? '(included)' : '(not included)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
