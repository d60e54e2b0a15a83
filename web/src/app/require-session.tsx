import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathReturningTo } from '../lib/navigation';
import { useSession } from '../lib/session';
import { SignedInShell } from './signed-in-shell';

/**
 * Signed-in routes: their shell while the session loads; without one, /login (replacing history),
 * which brings the user back to this page once they have logged in.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { pathname, search, hash } = useLocation();
  if (status === 'loading') return <SignedInShell />;
  if (status === 'anonymous') {
    return <Navigate to={loginPathReturningTo(`${pathname}${search}${hash}`)} replace />;
  }
  return children;
}
