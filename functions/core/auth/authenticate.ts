import type { Access } from '#shared/contract/route';
import { userEntity, type UserRecord } from '../db/entities/user';
import { ForbiddenError, UnauthorizedError } from '../http/errors';
import { verifyAccessToken } from './tokens';

export interface Caller {
  userId: string;
  user: UserRecord;
}

const bearerToken = (authorization: string | undefined): string => {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match?.[1]) throw new UnauthorizedError('Authentication required');
  return match[1];
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
    throw new UnauthorizedError('Your session has ended. Please log in again.');
  }
  if (access === 'admin' && user.role !== 'admin') throw new ForbiddenError();
  if (access === 'staff' && user.role !== 'staff' && user.role !== 'admin')
    throw new ForbiddenError();
  return { userId: user.userId, user };
};
