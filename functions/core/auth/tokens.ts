import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '#shared/domain/limits';
import { Unauthenticated } from '../errors';
import { lazyAsync } from '../lazy';
import { readDeclaredSecret } from '../secrets';

const ISSUER = 'sailpost';
const AUDIENCE = 'sailpost-web';
/** Only HS256 is accepted: a token naming any other algorithm (or "none") is refused. */
const ALGORITHMS = ['HS256'];

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
const INVALID_TOKEN = 'Invalid token';

/** The HS256 key, read once per container. */
const key = lazyAsync(async (): Promise<Uint8Array> =>
  new TextEncoder().encode(await readDeclaredSecret('tokenKey')),
);

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
  /** The server-side session the token was issued for; ending it ends the token at once. */
  sessionId: string;
}

/** A token without these is refused, whoever signed it: no token may live forever. */
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub'];

export const signAccessToken = async ({
  userId,
  tokenVersion,
  sessionId,
}: AccessTokenClaims): Promise<string> =>
  new SignJWT({ ver: tokenVersion, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await key());

const claimsOf = async (token: string) => {
  const signingKey = await key();
  try {
    return (
      await jwtVerify(token, signingKey, {
        algorithms: ALGORITHMS,
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: REQUIRED_CLAIMS,
      })
    ).payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw new Unauthenticated('SESSION_ENDED', SESSION_EXPIRED);
    throw new Unauthenticated('UNAUTHENTICATED', INVALID_TOKEN);
  }
};

export const verifyAccessToken = async (token: string): Promise<AccessTokenClaims> => {
  const payload = await claimsOf(token);
  if (
    typeof payload.sub !== 'string' ||
    typeof payload.ver !== 'number' ||
    typeof payload.sid !== 'string'
  ) {
    throw new Unauthenticated('UNAUTHENTICATED', INVALID_TOKEN);
  }
  return { userId: payload.sub, tokenVersion: payload.ver, sessionId: payload.sid };
};
