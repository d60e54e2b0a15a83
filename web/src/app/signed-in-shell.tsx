import type { ReactNode } from 'react';
import type { Role } from '#shared/domain/users';
import { useLocation, useMatches } from 'react-router';
import { IconMenu } from '../components/icons';
import { Logo, LogoMark } from '../components/logo';
import { Skeleton } from '../components/skeleton';
import { Spinner } from '../components/spinner';
import { AppFrame, MENU_BUTTON_CLASSES, TopBarTitle } from './layout/app-frame';
import { mobileTitle } from './layout/app-layout';

/** What a signed-in route may declare in its `handle`. */
export interface SignedInHandle {
  /** Its first lines that need no data (title, header), painted while the session loads. */
  shell?: ReactNode;
  /**
   * Who may see the screen at all; anyone else gets the app's 404 page, as for an address that
   * does not exist (the server answers them 404 too).
   */
  mayEnter?: (role: Role | undefined) => boolean;
}

const shellOf = (handle: unknown): ReactNode =>
  handle && typeof handle === 'object' ? (handle as SignedInHandle).shell : undefined;

/**
 * The signed-in frame before the session is known: the sidebar's and top bar's boxes, and the
 * screen's own shell if it declares one. The build prerenders it for /dashboard, so a returning
 * owner sees the page's frame and header before any of the app's code has arrived; the live
 * layout then takes the same boxes.
 */
export function SignedInShell() {
  const { pathname } = useLocation();
  const shell = useMatches()
    .map((match) => shellOf(match.handle))
    .findLast(Boolean);
  return (
    <AppFrame
      sidebar={
        <div className="flex h-full flex-col">
          <div className="flex h-16 shrink-0 items-center px-5">
            {/* The same box as the live sidebar's link around the logo, so it does not move. */}
            <span className="rounded-lg">
              <Logo />
            </span>
          </div>
          <div className="space-y-3 px-6 py-4">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
      }
      topBar={
        <>
          <span aria-hidden="true" className={MENU_BUTTON_CLASSES}>
            <IconMenu className="size-6" />
          </span>
          <TopBarTitle>{mobileTitle(pathname)}</TopBarTitle>
          <LogoMark className="size-7" />
        </>
      }
    >
      {shell ?? (
        <div className="flex justify-center py-24 text-brand-600">
          <Spinner size="lg" label={null} />
        </div>
      )}
      <span role="status" className="sr-only">
        Loading your session
      </span>
    </AppFrame>
  );
}
