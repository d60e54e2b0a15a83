import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '#shared/domain/limits';
import { config } from '../config';
import { readSecret } from '../secrets';
import { UnauthorizedError } from '../http/errors';

const ISSUER = 'sailpost';
const AUDIENCE = 'sailpost-web';
/** Only HS256 is accepted: a token naming any other algorithm (or "none") is refused. */
const ALGORITHMS = ['HS256'];

let signingKey: Promise<Uint8Array> | undefined;

/** The HS256 key: from the environment in the sandbox, from Secrets Manager in AWS (once per container). */
const key = (): Promise<Uint8Array> =>
  (signingKey ??= (async () => {
    const { JWT_SECRET, JWT_SECRET_ARN } = config();
    return new TextEncoder().encode(JWT_SECRET ?? (await readSecret(JWT_SECRET_ARN!)));
  })().catch((error: unknown) => {
    signingKey = undefined;
    throw error;
  }));

/**
 * HMAC-SHA256 under the server's key, for short secrets stored at rest (verification codes): a
 * leaked table alone does not let anyone try the million possible codes offline.
 */
export const keyedHash = async (purpose: string, value: string): Promise<string> =>
  createHmac('sha256', await key())
    .update(`${purpose}:${value}`)
    .digest('hex');

export interface AccessTokenClaims {
  userId: string;
  tokenVersion: number;
}

export const signAccessToken = async ({
  userId,
  tokenVersion,
}: AccessTokenClaims): Promise<string> =>
  new SignJWT({ ver: tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await key());

export const verifyAccessToken = async (token: string): Promise<AccessTokenClaims> => {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
      throw new UnauthorizedError('Invalid token');
    }
    return { userId: payload.sub, tokenVersion: payload.ver };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw new UnauthorizedError('Your session has expired. Please log in again.');
    if (error instanceof UnauthorizedError) throw error;
    throw new UnauthorizedError('Invalid token');
  }
};
