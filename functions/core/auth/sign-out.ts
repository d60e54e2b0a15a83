import { bearerToken } from './authenticate';
import { endSession, endSessionByRefreshToken } from './sessions';
import { verifyAccessToken } from './tokens';

/**
 * Ends the session a sign-out request names: by its access token when that is still valid, and by
 * its refresh cookie (which still works once the access token has expired). Anything stale or
 * foreign ends nothing, and sign-out answers the same either way.
 */
export const signOut = async (
  authorization: string | undefined,
  refreshToken: string | undefined,
): Promise<void> => {
  const claims = authorization
    ? await Promise.resolve(authorization)
        .then((header) => verifyAccessToken(bearerToken(header)))
        .catch(() => null)
    : null;
  await Promise.all([
    claims ? endSession(claims.userId, claims.sessionId) : undefined,
    endSessionByRefreshToken(refreshToken),
  ]);
};
