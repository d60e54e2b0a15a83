import clsx from 'clsx';
import { useId } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import type { Company } from '#shared/contract/companies';
import { IconBuilding, IconLink, IconMegaphone, IconPlus } from '#web/components/icons';
import { Skeleton } from '#web/components/skeleton';
import { NEW_COMPANY_PATH } from '#web/lib/paths';

const ADD_COMPANY = '__add_company__';

export const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-brand-50 text-brand-700'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

interface CompanyPickerProps {
  companies: readonly Company[];
  isLoading: boolean;
  /** The company the route points at, when it is one of the user's. */
  selected: Company | undefined;
}

/**
 * The sidebar's company picker: the user's real companies; choosing one opens its
 * overview, 'Add company' opens the form. With a company selected by the route, its items follow.
 */
export function CompanyPicker({ companies, isLoading, selected }: CompanyPickerProps) {
  const navigate = useNavigate();
  const selectId = useId();

  if (isLoading) {
    return (
      <div className="px-3">
        <Skeleton className="h-3 w-16" />
        <Skeleton className="mt-2.5 h-10 w-full rounded-lg" />
      </div>
    );
  }

  if (companies.length === 0) {
    return (
      <div className="px-3">
        <Link
          to={NEW_COMPANY_PATH}
          className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 px-3 py-2.5 text-sm font-medium text-slate-700 hover:border-brand-300 hover:bg-brand-50/50 hover:text-brand-700"
        >
          <IconPlus aria-hidden="true" className="size-4" />
          Add company
        </Link>
      </div>
    );
  }

  const base = selected ? `/dashboard/company/${selected._id}` : '';
  const items = selected
    ? [
        { label: 'Company Overview', to: base, icon: IconBuilding, end: true },
        { label: 'Platforms', to: `${base}/platforms`, icon: IconLink, end: false },
        { label: 'Campaigns', to: `${base}/campaigns`, icon: IconMegaphone, end: false },
      ]
    : [];

  return (
    <div>
      <div className="px-3">
        <label
          htmlFor={selectId}
          className="mb-1.5 block px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
        >
          Company
        </label>
        <select
          id={selectId}
          value={selected?._id ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            if (value === ADD_COMPANY) navigate(NEW_COMPANY_PATH);
            else if (value) navigate(`/dashboard/company/${value}`);
          }}
          className="block h-10 w-full truncate rounded-lg border border-slate-300 bg-white pr-8 pl-3 text-sm font-medium text-slate-900 shadow-xs hover:border-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600"
        >
          <option value="" disabled>
            Select a company
          </option>
          {companies.map((company) => (
            <option key={company._id} value={company._id}>
              {company.name}
            </option>
          ))}
          <option value={ADD_COMPANY}>+ Add company</option>
        </select>
      </div>
      {items.length ? (
        <nav aria-label={`${selected!.name} menu`} className="mt-2 px-3">
          <ul className="space-y-1">
            {items.map(({ label, to, icon: Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} className={navLinkClasses}>
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
