import { describe, expect, it } from 'vitest';
import { expireVerificationCode } from './db';
import { call, inbox, registerUser, uniqueIdentity, type RegisteredUser } from './http';

const latestCode = async (account: RegisteredUser): Promise<string> => {
  const [text] = await inbox(account.user.phoneNumber);
  expect(text?.channel).toBe('sms');
  const code = /\b(\d{6})\b/.exec(text!.text)?.[1];
  expect(code).toBeDefined();
  return code!;
};

const send = (account: RegisteredUser, phoneNumber = account.user.phoneNumber) =>
  call('POST', '/auth/2fa/enable', {
    token: account.token,
    body: { phoneNumber, isVerification: true },
  });
const verify = (account: RegisteredUser, code: string) =>
  call('POST', '/auth/2fa/verify', { token: account.token, body: { code, isVerification: true } });

describe('phone verification', () => {
  it('texts a 6-digit code to the profile phone; the right code verifies it', async () => {
    const account = await registerUser();
    expect((await call('GET', '/auth/verification-status', { token: account.token })).body).toEqual(
      { isVerified: false, codeExpiresAt: null, resendAvailableAt: null },
    );
    const sent = await send(account);
    expect(sent.status).toBe(200);
    expect(JSON.stringify(sent.body)).not.toMatch(/\d{6}/);
    const code = await latestCode(account);
    const verified = await verify(account, code);
    expect(verified.status).toBe(200);
    expect((await call('GET', '/auth/verification-status', { token: account.token })).body).toEqual(
      { isVerified: true, codeExpiresAt: null, resendAvailableAt: null },
    );
    expect((await call('GET', '/auth/me', { token: account.token })).body).toMatchObject({
      isPhoneVerified: true,
    });
    // Used once: the same code does not work again.
    expect((await verify(account, code)).body).toMatchObject({
      code: 'PHONE_CODE_MISSING',
      message: 'Please request a verification code first',
    });
  });

  it('the status says whether a code is live, until when, and when a new one may be sent', async () => {
    const account = await registerUser();
    const status = async () =>
      (await call('GET', '/auth/verification-status', { token: account.token })).body;
    expect(await status()).toEqual({
      isVerified: false,
      codeExpiresAt: null,
      resendAvailableAt: null,
    });
    const before = Date.now();
    expect((await send(account)).status).toBe(200);
    const after = Date.now();
    const live = await status();
    // Seconds are what the server keeps: the bounds are widened to whole seconds.
    const within = (iso: unknown, from: number, to: number) => {
      const at = Date.parse(iso as string);
      expect(at).toBeGreaterThanOrEqual(Math.floor(from / 1000) * 1000);
      expect(at).toBeLessThanOrEqual(Math.ceil(to / 1000) * 1000);
    };
    within(live.codeExpiresAt, before + 600_000, after + 600_000);
    within(live.resendAvailableAt, before + 30_000, after + 30_000);

    // Five wrong tries kill the code: no longer live, though the resend wait still runs.
    const code = await latestCode(account);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await verify(account, wrong);
    expect(await status()).toEqual({
      isVerified: false,
      codeExpiresAt: null,
      resendAvailableAt: live.resendAvailableAt,
    });
  });

  it('an expired code is not live; a verified phone has no code', async () => {
    const account = await registerUser();
    await send(account);
    await expireVerificationCode(account.user._id);
    expect(
      (await call('GET', '/auth/verification-status', { token: account.token })).body,
    ).toMatchObject({ codeExpiresAt: null });

    const other = await registerUser();
    await send(other);
    expect((await verify(other, await latestCode(other))).status).toBe(200);
    expect(
      (await call('GET', '/auth/verification-status', { token: other.token })).body,
    ).toMatchObject({ isVerified: true, codeExpiresAt: null });
  });

  it('sends at most one code every 30 seconds', async () => {
    const account = await registerUser();
    expect((await send(account)).status).toBe(200);
    const again = await send(account);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('PHONE_CODE_COOLDOWN');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(again.body.message).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);
    expect(await inbox(account.user.phoneNumber)).toHaveLength(1);
  });

  it('a refused resend (cooldown) keeps the code already sent working', async () => {
    const account = await registerUser();
    await send(account);
    const first = await latestCode(account);
    const again = await send(account);
    expect(again.status).toBe(429);
    // The app counts down to the next resend from this header.
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await verify(account, first)).status).toBe(200);
  });

  it('dies after five wrong tries, even for the right code', async () => {
    const account = await registerUser();
    await send(account);
    const code = await latestCode(account);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await verify(account, wrong);
      answers.push([body.code, body.message, (body.fields as Record<string, string>).code]);
    }
    const wrongCode = (message: string) => ['PHONE_CODE_WRONG', message, message];
    expect(answers).toEqual([
      // The count shows only once few tries remain.
      wrongCode('Invalid verification code.'),
      wrongCode('Invalid verification code.'),
      wrongCode('Invalid verification code. 2 tries left.'),
      wrongCode('Invalid verification code. 1 try left.'),
      [
        'PHONE_CODE_LOCKED',
        'Too many wrong codes. Please request a new one.',
        'Too many wrong codes. Please request a new one.',
      ],
    ]);
    const right = await verify(account, code);
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({
      code: 'PHONE_CODE_LOCKED',
      message: 'Too many wrong codes. Please request a new one.',
    });
    expect(
      (await call('GET', '/auth/verification-status', { token: account.token })).body,
    ).toMatchObject({ isVerified: false, codeExpiresAt: null });
  });

  it('refuses an expired code (10 minutes), even the right one', async () => {
    const account = await registerUser();
    await send(account);
    const code = await latestCode(account);
    await expireVerificationCode(account.user._id);
    const late = await verify(account, code);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      code: 'PHONE_CODE_EXPIRED',
      message: 'Your code has expired. Please request a new one.',
    });
  });

  it('refuses a number that is not the one on the profile, and malformed codes', async () => {
    const account = await registerUser();
    const other = await send(account, '(555) 000-1111');
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 'PHONE_MISMATCH',
      message: 'This is not the phone number on your profile. Update your profile first.',
    });
    expect((await verify(account, '12345')).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { code: 'Enter the 6-digit code' },
    });
    expect((await verify(account, '123456')).body).toMatchObject({
      code: 'PHONE_CODE_MISSING',
      message: 'Please request a verification code first',
    });
  });

  it('changing the phone number resets verification', async () => {
    const account = await registerUser();
    await send(account);
    await verify(account, await latestCode(account));
    const { phoneNumber } = uniqueIdentity();
    const changed = await call('PUT', `/users/${account.user._id}`, {
      token: account.token,
      body: { phoneNumber },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ isPhoneVerified: false });
    expect(
      (await call('GET', '/auth/verification-status', { token: account.token })).body,
    ).toMatchObject({ isVerified: false, codeExpiresAt: null });
  });
});
