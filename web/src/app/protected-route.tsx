import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { NotFoundPage } from '../features/misc/not-found-page';
import { useSession } from '../lib/session';
import { AppLayout } from './layout/app-layout';
import { RequireSession } from './require-session';
import type { SignedInHandle } from './signed-in-shell';

const mayEnterOf = (handle: unknown): SignedInHandle['mayEnter'] =>
  handle && typeof handle === 'object' ? (handle as SignedInHandle).mayEnter : undefined;

/**
 * A screen only some roles may see is, for everyone else, the 404 page itself (not a 404 inside
 * the app's frame): nothing tells them there is something here.
 */
function RoleGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const allowed = useMatches().every((match) => mayEnterOf(match.handle)?.(user?.role) ?? true);
  return allowed ? children : <NotFoundPage />;
}

/** The protected group's route element: the session guard around the signed-in layout. */
export function ProtectedRoute() {
  return (
    <RequireSession>
      <RoleGate>
        <AppLayout />
      </RoleGate>
    </RequireSession>
  );
}
