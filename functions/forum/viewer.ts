import type { Caller } from '../core/auth/authenticate';
import { Forbidden } from '../core/errors';

/** Who reads or writes in the forum: admins also see what is hidden, and moderate. */
export interface Viewer {
  readonly userId: string;
  readonly isAdmin: boolean;
  readonly firstName: string;
  readonly lastName: string;
}

export const viewerOf = (caller: Caller): Viewer => ({
  userId: caller.userId,
  isAdmin: caller.user.role === 'admin',
  firstName: caller.user.firstName,
  lastName: caller.user.lastName,
});

/** Closing, hiding and pinning are an admin's; a founder is refused (they can see the forum). */
export const requireAdmin = (viewer: Viewer, doing: string): void => {
  if (!viewer.isAdmin) throw new Forbidden('FORBIDDEN', `Only an admin can ${doing}`);
};
