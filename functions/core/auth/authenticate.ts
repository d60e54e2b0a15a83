import type { Access } from '#shared/contract/route';
import { canSeeForum } from '#shared/domain/users';
import { userEntity, type UserRecord } from '../db/entities/user';
import { Forbidden, NotFound, Unauthenticated } from '../errors';
import { isSessionAlive, readSession } from './sessions';
import { verifyAccessToken } from './tokens';

export interface Caller {
  userId: string;
  user: UserRecord;
  /** The session the access token belongs to (sign-out ends it). */
  sessionId: string;
}

export const bearerToken = (authorization: string | undefined): string => {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match?.[1]) throw new Unauthenticated('UNAUTHENTICATED', 'Authentication required');
  return match[1];
};

const mayCall = (access: Access, user: UserRecord): boolean => {
  switch (access) {
    case 'admin':
      return user.role === 'admin';
    case 'staff':
      return user.role === 'staff' || user.role === 'admin';
    case 'forum':
      return canSeeForum(user.role);
    default:
      return true;
  }
};

/**
 * Verifies the bearer token and loads its user and its session. A token issued before the last
 * password change or sign-out-everywhere (older token version), for a deleted user, or for a
 * session that has been signed out is refused. The two reads run side by side, so checking the
 * session adds no round trip.
 */
export const authenticate = async (
  authorization: string | undefined,
  access: Access,
): Promise<Caller> => {
  const claims = await verifyAccessToken(bearerToken(authorization));
  const [{ data: user }, session] = await Promise.all([
    userEntity().get({ userId: claims.userId }).go({ consistent: true }),
    readSession(claims.userId, claims.sessionId),
  ]);
  if (!user || user.tokenVersion !== claims.tokenVersion || !isSessionAlive(session, user)) {
    throw new Unauthenticated('SESSION_ENDED', 'Your session has ended. Please log in again.');
  }
  if (!mayCall(access, user)) {
    // The forum does not exist for those outside it, nor the admin's pages for anyone but admins:
    // their routes answer as an unknown route does.
    if (access === 'forum' || access === 'admin') throw new NotFound('NOT_FOUND', 'Not Found');
    throw new Forbidden('FORBIDDEN', 'Forbidden');
  }
  return { userId: user.userId, user, sessionId: claims.sessionId };
};
