import type { Company } from '#shared/contract/companies';
import { effectiveTierOf } from '#shared/domain/subscription';
import { PLATFORMS, TIERS } from '#shared/domain/tiers';
import { CompanyAvatar } from '#web/components/company-avatar';
import { PlanBadges } from '#web/components/tier-badge';

const listAnd = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

/** 'Managing platforms for {company}', with the plan and what it can connect. */
export function ManagingBanner({
  company,
  onComparePlans,
}: {
  company: Company;
  onComparePlans: () => void;
}) {
  const tier = TIERS[effectiveTierOf(company)];
  const connectable = tier.allowedPlatforms
    .filter((platform) => !PLATFORMS[platform].comingSoon)
    .map((platform) => PLATFORMS[platform].name);
  return (
    <div
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50/60 p-4 sm:flex-row sm:items-center sm:p-5"
      data-tour="platform-plan"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <CompanyAvatar name={company.name} color={company.brandColors[0]} />
        <div className="min-w-0">
          <p className="text-sm text-slate-600">Managing platforms for</p>
          <p className="flex flex-wrap items-center gap-2">
            <span className="truncate text-base font-semibold text-slate-900">{company.name}</span>
            <PlanBadges company={company} />
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-1 text-sm sm:items-end sm:text-right">
        <p className="text-slate-600">
          {`The ${tier.name} plan connects ${listAnd(connectable)}.`}
        </p>
        <button
          type="button"
          onClick={onComparePlans}
          className="self-start rounded font-medium text-brand-700 hover:text-brand-900 hover:underline sm:self-end"
        >
          Compare plans
        </button>
      </div>
    </div>
  );
}
