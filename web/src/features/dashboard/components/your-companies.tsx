import clsx from 'clsx';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button';
import { cardClasses } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { IconBuilding, IconPlus } from '../../../components/icons';

/** What a company card needs; the companies feature passes its list in. */
export interface CompanySummary {
  _id: string;
  name: string;
  description?: string;
}

const NEW_COMPANY_PATH = '/dashboard/companies/new';

/** 'Your Companies': a card per company, or the first-company empty state. */
export function YourCompanies({ companies }: { companies: readonly CompanySummary[] }) {
  return (
    <section aria-labelledby="your-companies-title">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="your-companies-title" className="text-lg font-semibold text-slate-900">
          Your Companies
        </h2>
        {companies.length > 0 ? (
          <Link
            to={NEW_COMPANY_PATH}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <IconPlus aria-hidden="true" className="size-4" />
            Add Company
          </Link>
        ) : null}
      </div>

      {companies.length === 0 ? (
        <EmptyState
          icon={IconBuilding}
          title="No companies yet"
          description="Add your business and Sailpost drafts its profile from your website. It takes about a minute."
          action={
            <Link to={NEW_COMPANY_PATH} className={buttonClasses()}>
              <IconPlus aria-hidden="true" className="size-4" />
              Create Your First Company
            </Link>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {companies.map((company) => (
            <li key={company._id} className={clsx(cardClasses, 'flex flex-col p-5')}>
              <Link
                to={`/dashboard/company/${company._id}`}
                className="rounded text-base font-semibold text-slate-900 hover:text-brand-700"
              >
                {company.name}
              </Link>
              <p
                className={clsx(
                  'mt-1 line-clamp-2 flex-1 text-sm',
                  company.description ? 'text-slate-600' : 'text-slate-400',
                )}
              >
                {company.description || 'No description'}
              </p>
              <div className="mt-4 flex gap-2">
                <Link
                  to={`/dashboard/company/${company._id}/platforms`}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  Platforms
                </Link>
                <Link
                  to={`/dashboard/company/${company._id}/campaigns`}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  Campaigns
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
