import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProcessEnvironment } from '#test/support/process-environment';
import { GOOGLE_STATE_TTL_SECONDS } from '#shared/domain/limits';
import { answerCookies } from '../core/http/cookies';
import { bindGoogleAttempt, claimGoogleAttempt } from './google-state';

/**
 * The refusals that need no table: each is decided by the cookie alone, before the state is
 * marked spent (the API tests cover the spending, and a replay).
 */

const event = (cookies: string[] = []) =>
  ({ cookies, headers: { 'x-forwarded-proto': 'https' } }) as unknown as APIGatewayProxyEventV2;

/** The Set-Cookie lines a handler queued on its event, as the middleware adds them. */
const queuedOn = (on: APIGatewayProxyEventV2): string[] => {
  const request = { event: on, response: { statusCode: 302 } };
  (answerCookies().after as (request: unknown) => void)(request);
  return (request.response as { cookies?: string[] }).cookies ?? [];
};

const begin = async () => {
  const started = event();
  const attempt = await bindGoogleAttempt(started, {
    nonce: 'the-nonce',
    codeVerifier: 'v'.repeat(43),
  });
  const [setCookie] = queuedOn(started);
  return { attempt, setCookie: setCookie!, pair: setCookie!.split(';')[0]! };
};

describe('the Google sign-in state cookie', () => {
  useProcessEnvironment({ JWT_SECRET: 'k'.repeat(48) });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is set for the callback alone: HttpOnly, SameSite=Lax, Secure, ten minutes', async () => {
    const { setCookie } = await begin();
    expect(setCookie).toMatch(/^sailpost_google_[0-9a-f]{16}=/);
    expect(setCookie.split('; ').slice(1)).toEqual([
      'Path=/api/auth/google/callback',
      'HttpOnly',
      'SameSite=Lax',
      'Secure',
      `Max-Age=${GOOGLE_STATE_TTL_SECONDS}`,
    ]);
  });

  it('seals a link from the profile into the cookie, where it cannot be read', async () => {
    const started = event();
    const userId = '5f0c6a52-8d1e-4b8a-9d8e-2f2b1c3d4e5f';
    const attempt = await bindGoogleAttempt(started, {
      nonce: 'the-nonce',
      codeVerifier: 'v'.repeat(43),
      link: { userId, tokenVersion: 3 },
    });
    expect(attempt.link).toEqual({ userId, tokenVersion: 3 });
    const [setCookie] = queuedOn(started);
    const sealed = setCookie!.split(';')[0]!.split('=')[1]!;
    expect(sealed.split('.')).toHaveLength(5);
    expect(setCookie).not.toContain(userId);
    expect(Buffer.from(sealed.split('.')[0]!, 'base64url').toString()).not.toContain(userId);
  });

  it('refuses a state without its cookie, and clears the cookie', async () => {
    const { attempt } = await begin();
    const callback = event();
    expect(await claimGoogleAttempt(callback, attempt.state)).toBeNull();
    expect(queuedOn(callback)[0]).toContain('Max-Age=0');
    expect(await claimGoogleAttempt(event(), undefined)).toBeNull();
  });

  it('refuses a cookie past its ten minutes', async () => {
    const { attempt, pair } = await begin();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (GOOGLE_STATE_TTL_SECONDS + 1) * 1000);
    expect(await claimGoogleAttempt(event([pair]), attempt.state)).toBeNull();
  });

  it("refuses one state's cookie under another state's name, and a tampered one", async () => {
    const first = await begin();
    const second = await begin();
    const secondName = second.pair.split('=')[0]!;
    const firstValue = first.pair.slice(first.pair.indexOf('=') + 1);
    expect(
      await claimGoogleAttempt(event([`${secondName}=${firstValue}`]), second.attempt.state),
    ).toBeNull();

    const parts = second.pair.slice(second.pair.indexOf('=') + 1).split('.');
    parts[3] = `${parts[3]!.slice(0, -2)}AA`;
    expect(
      await claimGoogleAttempt(event([`${secondName}=${parts.join('.')}`]), second.attempt.state),
    ).toBeNull();
  });

  it('keeps the nonce and the verifier out of sight', async () => {
    const { pair } = await begin();
    expect(pair).not.toContain('the-nonce');
    expect(pair).not.toContain('v'.repeat(43));
  });
});
