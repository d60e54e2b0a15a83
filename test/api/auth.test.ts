import { describe, expect, it } from 'vitest';
import { call, inbox, registerUser, uniqueIdentity } from './http';

const registration = () => ({
  ...uniqueIdentity(),
  password: 'correct-horse-battery',
  firstName: 'Grace',
  lastName: 'Hopper',
});

describe('POST /auth/register', () => {
  it('creates the account and answers { access_token, user } without any secret', async () => {
    const body = registration();
    const result = await call<{ access_token: string; user: Record<string, unknown> }>(
      'POST',
      '/auth/register',
      {
        body: { ...body, email: body.email.toUpperCase() },
      },
    );
    expect(result.status).toBe(201);
    expect(result.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(result.body.user).toMatchObject({
      email: body.email.toLowerCase(),
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: `+1555${body.phoneNumber.replace(/\D/g, '').slice(3)}`,
      completedTours: [],
      isPhoneVerified: false,
    });
    expect(['founder', 'user']).toContain(result.body.user.role);
    const serialised = JSON.stringify(result.body);
    expect(serialised).not.toMatch(/password|scrypt|tokenVersion/i);
  });

  it('refuses a second account for the same email in any letter case, writing nothing', async () => {
    const first = registration();
    await call('POST', '/auth/register', { body: first });
    const before = (await call<{ total: number }>('GET', '/users/count/total')).body.total;
    const again = await call('POST', '/auth/register', {
      body: { ...registration(), email: first.email.replace(/^u/, 'U') },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      statusCode: 409,
      code: 'EMAIL_TAKEN',
      error: 'Conflict',
      message: 'An account with this email already exists',
      fields: { email: 'An account with this email already exists' },
    });
    // Nothing was written: the counter did not move and the second phone number is still free.
    const after = (await call<{ total: number }>('GET', '/users/count/total')).body.total;
    expect(after).toBe(before);
  });

  it('refuses a phone number another account has verified', async () => {
    const first = registration();
    const { access_token: token } = (
      await call<{ access_token: string }>('POST', '/auth/register', { body: first })
    ).body;
    await call('POST', '/auth/2fa/enable', { token, body: { isVerification: true } });
    const [text] = await inbox(`+1${first.phoneNumber.replace(/\D/g, '')}`);
    const code = /\b(\d{6})\b/.exec(text!.text)![1]!;
    expect((await call('POST', '/auth/2fa/verify', { token, body: { code } })).status).toBe(200);
    const result = await call('POST', '/auth/register', {
      body: { ...registration(), phoneNumber: first.phoneNumber },
    });
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({
      code: 'PHONE_TAKEN',
      message: 'This phone number is already registered to another user',
      fields: { phoneNumber: 'This phone number is already registered to another user' },
    });
  });

  it('a failed register writes nothing: the email stays free for a corrected attempt', async () => {
    const fresh = registration();
    const failed = await call('POST', '/auth/register', {
      body: { ...fresh, password: 'password123' },
    });
    expect(failed.body.code).toBe('VALIDATION_FAILED');
    const corrected = await call('POST', '/auth/register', { body: fresh });
    expect(corrected.status).toBe(201);
  });

  it('gives exactly the first 50 accounts the founder role, even when they register at once', async () => {
    const { total } = (await call<{ total: number }>('GET', '/users/count/total')).body;
    const seatsLeft = Math.max(0, 50 - total);
    // API test files run one after another, so nobody else registers while this batch races.
    const batch = await Promise.all(Array.from({ length: seatsLeft }, () => registerUser()));
    expect(batch.map((account) => account.user.role)).toEqual(batch.map(() => 'founder'));
    expect((await call<{ total: number }>('GET', '/users/count/total')).body.total).toBe(
      Math.max(50, total),
    );
    const later = await registerUser();
    expect(later.user.role).toBe('user');
    expect((await call<{ total: number }>('GET', '/users/count/total')).body.total).toBe(
      Math.max(50, total) + 1,
    );
  }, 120_000);
});

describe('validation on every auth endpoint', () => {
  it('answers malformed JSON with 400', async () => {
    for (const path of [
      '/auth/register',
      '/auth/login',
      '/auth/forgot-password',
      '/auth/reset-password',
    ]) {
      const result = await call('POST', path, { rawBody: '{"email": ' });
      expect(result.status, path).toBe(400);
      expect(result.body).toMatchObject({
        statusCode: 400,
        code: 'MALFORMED_JSON',
        error: 'Bad Request',
        message: 'Malformed JSON in request body',
      });
    }
  });

  it('lists the spec message of each missing field', async () => {
    const result = await call('POST', '/auth/register', { body: {} });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('VALIDATION_FAILED');
    expect(result.body.fields).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phoneNumber: 'Phone number is required',
    });
  });

  it('refuses wrong types, over-long values and bad formats per field', async () => {
    const result = await call('POST', '/auth/register', {
      body: {
        email: 'not-an-email',
        password: 'short',
        firstName: 42,
        lastName: 'x'.repeat(101),
        phoneNumber: '555-1234',
      },
    });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('VALIDATION_FAILED');
    expect(result.body.fields).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name must be text',
      lastName: 'Last name must be at most 100 characters',
      phoneNumber: 'US phone numbers must have 10 digits',
    });
    const login = await call('POST', '/auth/login', {
      body: { email: 'a@b.co', password: 'p'.repeat(129) },
    });
    expect(login.body.code).toBe('VALIDATION_FAILED');
    expect(login.body.fields).toEqual({ password: 'Password must be at most 128 characters' });
    const forgot = await call('POST', '/auth/forgot-password', { body: { email: ['a@b.co'] } });
    expect(forgot.body.fields).toEqual({ email: 'Email must be text' });
    const reset = await call('POST', '/auth/reset-password', {
      body: { token: 'x', newPassword: 7 },
    });
    expect(reset.body.fields).toEqual({ newPassword: 'Password must be text' });
  });
});

describe('POST /auth/login and GET /auth/me', () => {
  it('signs in with the right password and the token reads the user', async () => {
    const { user, password } = await registerUser();
    const login = await call<{ access_token: string; user: { _id: string } }>(
      'POST',
      '/auth/login',
      {
        body: { email: user.email.toUpperCase(), password },
      },
    );
    expect(login.status).toBe(200);
    expect(login.body.user._id).toBe(user._id);
    const me = await call('GET', '/auth/me', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: user._id, email: user.email });
  });

  it('answers an unknown email and a wrong password with the same message', async () => {
    const { user } = await registerUser();
    const wrong = await call('POST', '/auth/login', {
      body: { email: user.email, password: 'not-the-password' },
    });
    const unknown = await call('POST', '/auth/login', {
      body: { email: `nobody-${user._id}@example.com`, password: 'whatever1' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('throttles repeated failures for one email with 429, even for the right password', async () => {
    const { user, password } = await registerUser();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (
          await call('POST', '/auth/login', {
            body: { email: user.email, password: 'wrong-password' },
          })
        ).body.code,
      ).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await call('POST', '/auth/login', { body: { email: user.email, password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('LOGIN_THROTTLED');
    expect(blocked.body.message).toMatch(
      /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a missing, malformed or tampered token with 401', async () => {
    const { token } = await registerUser();
    const refusal = async (bearer?: string) => {
      const { status, body } = await call('GET', '/auth/me', bearer ? { token: bearer } : {});
      return { status, code: body.code, message: body.message };
    };
    expect(await refusal()).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
    });
    const invalid = { status: 401, code: 'UNAUTHENTICATED', message: 'Invalid token' };
    expect(await refusal('abc.def.ghi')).toEqual(invalid);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`;
    expect(await refusal(tampered)).toEqual(invalid);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await refusal(none)).toEqual(invalid);
  });
});

describe('forgot and reset password', () => {
  /** The email is sent by a job after the answer: wait for it to arrive. */
  const arrived = async (email: string) => {
    await expect.poll(async () => (await inbox(email)).length, { timeout: 10_000 }).toBe(1);
  };

  const resetLink = async (email: string) => {
    await arrived(email);
    const [message] = await inbox(email);
    expect(message?.subject).toBe('Reset your Sailpost password');
    const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(message!.text);
    expect(link).not.toBeNull();
    return decodeURIComponent(link![1]!);
  };

  it('answers the same whether or not the address exists, and emails only real accounts', async () => {
    const { user } = await registerUser();
    const known = await call('POST', '/auth/forgot-password', { body: { email: user.email } });
    const unknownEmail = `ghost-${user._id}@example.com`;
    const unknown = await call('POST', '/auth/forgot-password', { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await arrived(user.email);
    expect(await inbox(unknownEmail)).toHaveLength(0);
  });

  it('resets once with the emailed link, signs out old tokens, and the link dies after use', async () => {
    const { user, token, password } = await registerUser();
    await call('POST', '/auth/forgot-password', { body: { email: user.email } });
    const resetToken = await resetLink(user.email);

    const reset = await call('POST', '/auth/reset-password', {
      body: { token: resetToken, newPassword: 'a-brand-new-password' },
    });
    expect(reset.status).toBe(200);

    expect((await call('GET', '/auth/me', { token })).body).toMatchObject({
      code: 'SESSION_ENDED',
      message: 'Your session has ended. Please log in again.',
    });
    expect(
      (await call('POST', '/auth/login', { body: { email: user.email, password } })).body.code,
    ).toBe('INVALID_CREDENTIALS');
    const login = await call('POST', '/auth/login', {
      body: { email: user.email, password: 'a-brand-new-password' },
    });
    expect(login.status).toBe(200);

    const reused = await call('POST', '/auth/reset-password', {
      body: { token: resetToken, newPassword: 'another-password' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'Invalid reset token',
    });
  });

  it("answers 'Invalid reset token' for a made-up token", async () => {
    const result = await call('POST', '/auth/reset-password', {
      body: { token: 'made-up-token', newPassword: 'whatever-123' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'Invalid reset token',
    });
  });

  it('the reset link never appears in the API answer', async () => {
    const { user } = await registerUser();
    const result = await call('POST', '/auth/forgot-password', { body: { email: user.email } });
    expect(JSON.stringify(result.body)).not.toMatch(/token/i);
  });
});
