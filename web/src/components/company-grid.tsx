import clsx from 'clsx';
import { Link } from 'react-router';
import type { CompanySummary } from '#shared/contract/companies';
import { buttonClasses } from './button';
import { cardClasses } from './card';
import { EmptyState } from './empty-state';
import { IconBuilding, IconGlobe, IconPlus } from './icons';
import { RetryAlert } from './retry-alert';
import { Skeleton } from './skeleton';
import { websiteHost } from '#web/lib/format';
import { NEW_COMPANY_PATH } from '#web/lib/paths';
import { CompanyAgenda } from './company-agenda';
import { CompanyAvatar, ColorSwatches } from './company-avatar';
import { PlanBadges } from './tier-badge';

interface CompanyGridProps {
  companies: readonly CompanySummary[];
  isLoading?: boolean;
  /** The inline load failure ('Failed to load companies. Please try again.'). */
  error?: string | null;
  onRetry?: () => void;
}

/** A company's card, from its summary in the user's list. */
function CompanyCard({ company }: { company: CompanySummary }) {
  const path = `/dashboard/company/${company._id}`;
  const host = websiteHost(company.website);
  const colors = company.brandColors;
  return (
    <li
      className={clsx(
        cardClasses,
        'group relative flex flex-col p-5 transition-shadow focus-within:shadow-md hover:shadow-md',
      )}
    >
      <div className="flex items-start gap-3">
        <CompanyAvatar name={company.name} color={colors[0]} />
        <div className="min-w-0 flex-1">
          <Link
            to={path}
            className="block truncate rounded text-base font-semibold text-slate-900 hover:text-brand-700"
          >
            {company.name}
          </Link>
          {host ? (
            <p className="mt-0.5 flex items-center gap-1 truncate text-sm text-slate-500">
              <IconGlobe aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{host}</span>
            </p>
          ) : (
            <p className="mt-0.5 text-sm text-slate-400">No website</p>
          )}
        </div>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <PlanBadges company={company} />
        </span>
      </div>
      <p
        className={clsx(
          'mt-4 line-clamp-2 flex-1 text-sm leading-6',
          company.descriptionPreview ? 'text-slate-600' : 'text-slate-400',
        )}
      >
        {company.descriptionPreview || 'No description'}
      </p>
      <CompanyAgenda company={company} />
      <ColorSwatches colors={colors} className="mt-4" />
      <div className="mt-5 flex gap-2 border-t border-slate-100 pt-4">
        <Link
          to={`${path}/platforms`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Platforms
        </Link>
        <Link
          to={`${path}/campaigns`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Campaigns
        </Link>
      </div>
    </li>
  );
}

function CompanyCardSkeleton() {
  return (
    <li className={clsx(cardClasses, 'p-5')}>
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 rounded-xl" />
        <div className="flex-1 space-y-2 pt-0.5">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <div className="mt-5 space-y-2">
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-4/5" />
      </div>
      <div className="mt-6 flex gap-2 border-t border-slate-100 pt-4">
        <Skeleton className="h-8 w-20" />
        <Skeleton className="h-8 w-24" />
      </div>
    </li>
  );
}

/** The companies as cards; skeletons while loading, the failure inline, or the first-company state. */
export function CompanyGrid({ companies, isLoading = false, error, onRetry }: CompanyGridProps) {
  if (isLoading) {
    return (
      <div>
        <p role="status" className="sr-only">
          Loading companies
        </p>
        <ul aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <CompanyCardSkeleton />
          <CompanyCardSkeleton />
          <CompanyCardSkeleton />
        </ul>
      </div>
    );
  }
  if (error) {
    return <RetryAlert onRetry={onRetry}>{error}</RetryAlert>;
  }
  if (companies.length === 0) {
    return (
      <EmptyState
        icon={IconBuilding}
        title="No companies yet"
        description="Add your business and Sailpost drafts its profile from your website. It takes about a minute."
        action={
          <Link to={NEW_COMPANY_PATH} className={buttonClasses()} data-tour="add-company">
            <IconPlus aria-hidden="true" className="size-4" />
            Create Your First Company
          </Link>
        }
      />
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-tour="company-cards">
      {companies.map((company) => (
        <CompanyCard key={company._id} company={company} />
      ))}
    </ul>
  );
}

/** 'Add Company', shown beside a grid that has companies. */
export function AddCompanyLink({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  return (
    <Link
      to={NEW_COMPANY_PATH}
      className={buttonClasses({ variant: size === 'sm' ? 'secondary' : 'primary', size })}
    >
      <IconPlus aria-hidden="true" className="size-4" />
      Add Company
    </Link>
  );
}
