import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import clsx from 'clsx';
import { Link } from 'react-router';
import type { CompanySummary } from '#shared/contract/companies';
import { CompanyAvatar } from '#web/components/company-avatar';
import {
  IconBuilding,
  IconCalendar,
  IconChart,
  IconCheck,
  IconChevronUpDown,
  IconLink,
  IconMegaphone,
  IconPlus,
} from '#web/components/icons';
import { Skeleton } from '#web/components/skeleton';
import { NEW_COMPANY_PATH } from '#web/lib/paths';
import { NavList, type NavItem } from './nav-list';

const itemClasses =
  'flex items-center gap-2.5 rounded-lg px-2 py-2 text-sm font-medium text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

interface CompanyPickerProps {
  companies: readonly CompanySummary[];
  isLoading: boolean;
  /** The company the route points at, when it is one of the user's. */
  selected: CompanySummary | undefined;
}

/**
 * The sidebar's company picker: a menu button listing the user's real companies (a menu, not a
 * select, so arrow keys move through the list without leaving the page); choosing one opens its
 * overview, 'Add company' opens the form. With a company selected by the route, its items follow.
 */
export function CompanyPicker({ companies, isLoading, selected }: CompanyPickerProps) {
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
  const items: NavItem[] = selected
    ? [
        { label: 'Company Overview', to: base, icon: IconBuilding, end: true },
        { label: 'Platforms', to: `${base}/platforms`, icon: IconLink, end: false },
        { label: 'Campaigns', to: `${base}/campaigns`, icon: IconMegaphone, end: false },
        {
          label: 'Calendar',
          to: `${base}/calendar`,
          icon: IconCalendar,
          end: false,
          tour: 'sidebar-calendar',
        },
        { label: 'Performance', to: `${base}/performance`, icon: IconChart, end: false },
      ]
    : [];

  return (
    <div data-tour="sidebar-company">
      <div className="px-3">
        <p
          aria-hidden="true"
          className="mb-1.5 block px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
        >
          Company
        </p>
        <Menu>
          {/* Named by its own text (the company's mark is decorative), so the name a voice
              user speaks is the one shown; "Company" comes first for screen readers. */}
          <MenuButton className="group flex h-11 w-full items-center gap-2.5 rounded-lg border border-slate-300 bg-white pr-2 pl-1.5 text-left text-sm font-medium text-slate-900 shadow-xs hover:border-slate-400 focus-visible:outline-2 focus-visible:-outline-offset-1 focus-visible:outline-brand-600 data-open:border-brand-400">
            {selected ? (
              <CompanyAvatar name={selected.name} color={selected.brandColors[0]} size="sm" />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500"
              >
                <IconBuilding className="size-4" />
              </span>
            )}
            <span className="sr-only">Company </span>
            <span className={clsx('min-w-0 flex-1 truncate', !selected && 'text-slate-500')}>
              {selected?.name ?? 'Select a company'}
            </span>
            <IconChevronUpDown className="size-4 shrink-0 text-slate-400 group-hover:text-slate-600" />
          </MenuButton>
          <MenuItems
            anchor={{ to: 'bottom start', gap: 6 }}
            modal={false}
            className="z-[60] w-(--button-width) min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg outline-none [--anchor-max-height:20rem]"
          >
            {companies.map((company) => {
              const current = company._id === selected?._id;
              return (
                <MenuItem key={company._id}>
                  <Link to={`/dashboard/company/${company._id}`} className={itemClasses}>
                    <CompanyAvatar name={company.name} color={company.brandColors[0]} size="xs" />
                    <span className="min-w-0 flex-1 truncate">{company.name}</span>
                    {current ? (
                      <>
                        <IconCheck aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                        <span className="sr-only">(current)</span>
                      </>
                    ) : null}
                  </Link>
                </MenuItem>
              );
            })}
            <MenuSeparator className="my-1.5 h-px bg-slate-100" />
            <MenuItem>
              <Link to={NEW_COMPANY_PATH} className={itemClasses}>
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 text-slate-500"
                >
                  <IconPlus className="size-3.5" />
                </span>
                Add company
              </Link>
            </MenuItem>
          </MenuItems>
        </Menu>
      </div>
      {items.length ? (
        <NavList label={`${selected!.name} menu`} items={items} className="mt-2 px-3" />
      ) : null}
    </div>
  );
}
