import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { useSession } from '../lib/session';

/** Signed-in routes: a spinner while the session loads, /login (replacing history) without one. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageSpinner label="Loading your session" />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  return children;
}
