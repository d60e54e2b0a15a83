import clsx from 'clsx';
import { Link } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb';
import { cardClasses } from '#web/components/card';
import { CompanyAvatar } from '#web/components/company-avatar';
import { CompanyGrid } from '#web/components/company-grid';
import { IconChevronRight } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { Skeleton } from '#web/components/skeleton';
import { useCompanies } from '#web/lib/api/list-companies';
import { useConnectReturnToast } from './use-connect-return-toast';

/**
 * /dashboard/platforms: connections belong to a company, so this points to choosing one. A
 * connection that failed before its company was known (a consent started in another browser)
 * returns here, and says so.
 */
export function PlatformsIndexPage() {
  useConnectReturnToast();
  const { companies, isLoading, error, retry } = useCompanies();
  return (
    <>
      <title>Platforms · Sailpost</title>
      <PageHeader
        breadcrumb={<Breadcrumb items={[{ label: 'Platforms' }]} />}
        title="Platforms"
        description="Social accounts are connected per company. Choose a company to manage its platforms."
      />
      {isLoading ? (
        <div className="max-w-xl space-y-3" aria-hidden="true">
          <Skeleton className="h-16 w-full rounded-2xl" />
          <Skeleton className="h-16 w-full rounded-2xl" />
        </div>
      ) : companies.length === 0 || error ? (
        <CompanyGrid companies={[]} error={error} onRetry={retry} />
      ) : (
        <ul className="max-w-xl space-y-3">
          {companies.map((company) => (
            <li key={company._id}>
              <Link
                to={`/dashboard/company/${company._id}/platforms`}
                className={clsx(
                  cardClasses,
                  'flex items-center gap-4 p-4 transition-shadow hover:shadow-md',
                )}
              >
                <CompanyAvatar name={company.name} color={company.brandColors[0]} />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                  {company.name}
                </span>
                <IconChevronRight aria-hidden="true" className="size-5 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
