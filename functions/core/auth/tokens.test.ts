import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useProcessEnvironment } from '#test/support/process-environment';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'k'.repeat(48);

describe('access tokens', () => {
  useProcessEnvironment({ JWT_SECRET: SECRET });

  it('round-trips the user id, token version and session id, expiring in 15 minutes', async () => {
    const token = await signAccessToken({ userId: 'u-1', tokenVersion: 3, sessionId: 's-1' });
    expect(await verifyAccessToken(token)).toEqual({
      userId: 'u-1',
      tokenVersion: 3,
      sessionId: 's-1',
    });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });

  /** Signs with the real key, leaving out one claim, so only the claim check can refuse it. */
  const signedWithout = async (claim: 'exp' | 'iat' | 'sub') => {
    let builder = new SignJWT({ ver: 0, sid: 's-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('sailpost')
      .setAudience('sailpost-web');
    if (claim !== 'sub') builder = builder.setSubject('u-1');
    if (claim !== 'iat') builder = builder.setIssuedAt();
    if (claim !== 'exp') builder = builder.setExpirationTime('1h');
    return builder.sign(new TextEncoder().encode(SECRET));
  };

  it.each(['exp', 'iat', 'sub'] as const)(
    'refuses a token signed with the right key but without %s',
    async (claim) => {
      await expect(verifyAccessToken(await signedWithout(claim))).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Invalid token',
      });
    },
  );

  it('refuses a token without a session id (issued before sessions could end)', async () => {
    const legacy = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuer('sailpost')
      .setAudience('sailpost-web')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyAccessToken(legacy)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses an unsigned token (alg none) and a token signed with another key', async () => {
    const unsigned = new UnsecuredJWT({ ver: 0 })
      .setSubject('u-1')
      .setIssuer('sailpost')
      .setAudience('sailpost-web')
      .encode();
    await expect(verifyAccessToken(unsigned)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuer('sailpost')
      .setAudience('sailpost-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    await expect(verifyAccessToken(forged)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Invalid token',
    });
  });

  it('refuses an algorithm outside the allow-list even with the right key', async () => {
    const hs512 = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u-1')
      .setIssuer('sailpost')
      .setAudience('sailpost-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyAccessToken(hs512)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('says the session expired for an expired token', async () => {
    const expired = await new SignJWT({ ver: 0, sid: 's-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 100)
      .setIssuer('sailpost')
      .setAudience('sailpost-web')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyAccessToken(expired)).rejects.toMatchObject({
      code: 'SESSION_ENDED',
      message: 'Your session has expired. Please log in again.',
    });
  });
});
