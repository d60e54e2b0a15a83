import clsx from 'clsx';
import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Marked current only on this exact path, not on the paths below it. */
  end?: boolean;
  /** The navigation's state (e.g. the page the link was followed from). */
  state?: unknown;
  /** Its name for the onboarding tours' steps (`data-tour`). */
  tour?: string;
}

export const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-brand-50 text-brand-700'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** A sidebar menu: its links with their icons, the current page's marked. */
export function NavList({
  label,
  items,
  className,
}: {
  label: string;
  items: readonly NavItem[];
  className: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="space-y-1">
        {items.map(({ label: itemLabel, to, icon: Icon, end, state, tour }) => (
          <li key={to}>
            <NavLink to={to} end={end} state={state} className={navLinkClasses} data-tour={tour}>
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              {itemLabel}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
