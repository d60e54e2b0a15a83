import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../config';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'k'.repeat(48);

describe('access tokens', () => {
  const saved = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, { JWT_SECRET: SECRET });
    resetConfigForTests();
  });
  afterAll(() => {
    process.env = saved;
    resetConfigForTests();
  });

  it('round-trips the user id and token version, expiring in 7 days', async () => {
    const token = await signAccessToken({ userId: 'u-1', tokenVersion: 3 });
    expect(await verifyAccessToken(token)).toEqual({ userId: 'u-1', tokenVersion: 3 });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
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
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
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
