import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { loginPathReturningTo } from '../lib/navigation';
import { useSession } from '../lib/session';

/**
 * Signed-in routes: a spinner while the session loads; without one, /login (replacing history),
 * which brings the user back to this page once they have logged in.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { pathname, search, hash } = useLocation();
  if (status === 'loading') return <PageSpinner label="Loading your session" />;
  if (status === 'anonymous') {
    return <Navigate to={loginPathReturningTo(`${pathname}${search}${hash}`)} replace />;
  }
  return children;
}
