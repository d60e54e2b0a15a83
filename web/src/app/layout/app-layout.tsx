import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { keepTabWithin } from '#web/components/focus-trap';
import { IconClose, IconMenu } from '#web/components/icons';
import { LogoMark } from '#web/components/logo';
import { AppFrame, MENU_BUTTON_CLASSES, TopBarTitle } from './app-frame';
import { SidebarContent } from './sidebar';
import { useRouteCompany } from './use-route-company';

const MOBILE_MENU_ID = 'mobile-sidebar';

/** The mobile top bar's title for a path; the overview needs its company's name. */
export const mobileTitle = (pathname: string, companyName?: string): string => {
  if (pathname === '/dashboard' || pathname === '/dashboard/') return 'Dashboard';
  if (companyName && /^\/dashboard\/company\/[^/]+\/?$/.test(pathname)) {
    return `${companyName} Overview`;
  }
  if (/^\/dashboard\/company\/[^/]+\/platforms\/?$/.test(pathname)) return 'Platforms';
  if (/^\/dashboard(\/company\/[^/]+)?\/campaigns(\/|$)/.test(pathname)) return 'Campaigns';
  if (/^\/dashboard\/company\/[^/]+\/calendar\/?$/.test(pathname)) return 'Calendar';
  if (/^\/dashboard\/company\/[^/]+\/performance\/?$/.test(pathname)) return 'Performance';
  if (/^\/dashboard\/forum(\/|$)/.test(pathname)) return 'Founder Forum';
  if (/^\/dashboard\/support\/?$/.test(pathname)) return 'Support';
  if (/^\/dashboard\/admin\/?$/.test(pathname)) return 'Business numbers';
  return 'Sailpost';
};

/**
 * The signed-in frame: a fixed sidebar from 1024 px; below that a top bar whose menu button opens
 * the sidebar over the page as a modal dialog: Tab stays inside, the page behind is inert, and
 * the backdrop, Escape, the close button or a navigation close it.
 */
export function AppLayout() {
  const { pathname, key: locationKey } = useLocation();
  const { selected } = useRouteCompany();
  // The menu is open on the location where it was opened: any navigation closes it, a link to
  // the page already shown too (it is a new location with the same path).
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === locationKey;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? locationKey : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (!menuOpen) {
      if (wasOpen.current) menuButton.current?.focus();
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenAt(null);
      else if (drawer.current) keepTabWithin(event, drawer.current);
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  return (
    <AppFrame
      inert={menuOpen}
      sidebar={<SidebarContent />}
      topBar={
        <>
          <button
            ref={menuButton}
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label="Open menu"
            data-tour="menu-button"
            className={MENU_BUTTON_CLASSES}
          >
            <IconMenu className="size-6" />
          </button>
          <TopBarTitle>{mobileTitle(pathname, selected?.name)}</TopBarTitle>
          <LogoMark className="size-7" />
        </>
      }
      overlay={
        <div id={MOBILE_MENU_ID} hidden={!menuOpen} className="lg:hidden">
          <div
            data-testid="menu-backdrop"
            aria-hidden="true"
            onClick={() => setMenuOpen(false)}
            className="fixed inset-0 z-40 bg-slate-900/50"
          />
          <div
            ref={drawer}
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl"
          >
            <button
              ref={closeButton}
              type="button"
              onClick={() => setMenuOpen(false)}
              aria-label="Close menu"
              data-tour="menu-close"
              className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <IconClose className="size-5" />
            </button>
            {menuOpen ? <SidebarContent /> : null}
          </div>
        </div>
      }
    >
      <Outlet />
    </AppFrame>
  );
}
