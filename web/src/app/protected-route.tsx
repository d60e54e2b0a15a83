import { AppLayout } from './layout/app-layout';
import { RequireSession } from './require-session';

/** The protected group's route element: the session guard around the signed-in layout. */
export function ProtectedRoute() {
  return (
    <RequireSession>
      <AppLayout />
    </RequireSession>
  );
}
