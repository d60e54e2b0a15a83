import clsx from 'clsx';
import { Link, useLocation, useNavigate } from 'react-router';
import { canSeeForum, isAdmin } from '#shared/domain/users';
import { badgeClasses } from '#web/components/badge';
import {
  IconActivity,
  IconFlask,
  IconHome,
  IconLifebuoy,
  IconLogout,
  IconPhone,
  IconUsers,
} from '#web/components/icons';
import { Logo } from '#web/components/logo';
import { useAppConfig } from '#web/lib/api/app-config';
import { useVerificationStatus } from '#web/lib/api/verification-status';
import { useSession } from '#web/lib/session';
import { CompanyPicker } from './company-picker';
import { NavList, navLinkClasses, type NavItem } from './nav-list';
import { useRouteCompany } from './use-route-company';

/** The sidebar's contents; the layout shows them fixed (≥ 1024 px) or in the mobile menu. */
export function SidebarContent() {
  const { user, signOut } = useSession();
  const { sandbox } = useAppConfig();
  const { isVerified: phoneVerified } = useVerificationStatus();
  const { companies, isLoading, selected } = useRouteCompany();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const items: NavItem[] = [
    { label: 'Dashboard', to: '/dashboard', icon: IconHome, end: true },
    ...(canSeeForum(user?.role)
      ? [{ label: 'Founder Forum', to: '/dashboard/forum', icon: IconUsers }]
      : []),
    ...(isAdmin(user?.role)
      ? [{ label: 'Business numbers', to: '/dashboard/admin', icon: IconActivity }]
      : []),
    // A new ticket names the page the owner came from, without their typing it.
    {
      label: 'Support',
      to: '/dashboard/support',
      icon: IconLifebuoy,
      state: { from: `${pathname}${search}` },
    },
  ];

  const logout = () => {
    navigate('/login', { replace: true });
    signOut();
  };

  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const initials = user
    ? `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()
    : '';

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link to="/dashboard" className="rounded-lg">
          <Logo />
        </Link>
      </div>

      <div className="flex-1 overflow-y-auto py-2">
        <NavList label="Main" items={items} className="px-3" />
        <div className="mt-5 border-t border-slate-100 pt-5">
          <CompanyPicker companies={companies} isLoading={isLoading} selected={selected} />
        </div>
      </div>

      <div className="shrink-0 space-y-2 border-t border-slate-200 p-3">
        {sandbox ? (
          <a
            href="/_sandbox"
            target="_blank"
            rel="noreferrer"
            title="Open the dev inbox: texts, emails and stand-in sign-in pages"
            className={clsx(badgeClasses('warning'), 'ml-2 hover:bg-amber-100')}
          >
            <IconFlask aria-hidden="true" className="size-3.5" />
            Sandbox mode
          </a>
        ) : null}
        <div className="flex items-center gap-3 rounded-lg px-2 py-1.5">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
          >
            {initials}
          </span>
          <Link
            to="/profile"
            className="min-w-0 flex-1 truncate rounded text-sm font-medium text-slate-800 hover:text-brand-700"
          >
            {fullName}
          </Link>
          <IconPhone
            title={phoneVerified ? 'Phone verified' : 'Phone not verified'}
            className={clsx(
              'size-5 shrink-0',
              phoneVerified ? 'text-emerald-600' : 'text-amber-500',
            )}
          />
        </div>
        <button
          type="button"
          onClick={logout}
          className={navLinkClasses({ isActive: false }) + ' w-full'}
        >
          <IconLogout aria-hidden="true" className="size-5 shrink-0" />
          Logout
        </button>
      </div>
    </div>
  );
}
