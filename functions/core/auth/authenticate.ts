import type { Access } from '#shared/contract/route';
import { userEntity, type UserRecord } from '../db/entities/user';
import { Forbidden, Unauthenticated } from '../errors';
import { verifyAccessToken } from './tokens';

export interface Caller {
  userId: string;
  user: UserRecord;
}

const bearerToken = (authorization: string | undefined): string => {
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
    default:
      return true;
  }
};

/**
 * Verifies the bearer token and loads its user. A token issued before the last password change
 * (older token version) or for a deleted user is refused, so a reset signs out every device.
 */
export const authenticate = async (
  authorization: string | undefined,
  access: Access,
): Promise<Caller> => {
  const claims = await verifyAccessToken(bearerToken(authorization));
  const { data: user } = await userEntity().get({ userId: claims.userId }).go({ consistent: true });
  if (!user || user.tokenVersion !== claims.tokenVersion) {
    throw new Unauthenticated('SESSION_ENDED', 'Your session has ended. Please log in again.');
  }
  if (!mayCall(access, user)) throw new Forbidden('FORBIDDEN', 'Forbidden');
  return { userId: user.userId, user };
};
