import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';
import { SignedInShell } from './signed-in-shell';

/** Signed-in routes: their shell while the session loads, /login (replacing history) without one. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <SignedInShell />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  return children;
}
