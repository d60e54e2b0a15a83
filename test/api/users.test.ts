import { describe, expect, it } from 'vitest';
import { phoneClaimHolder } from './db';
import {
  call,
  inbox,
  newClientAddress,
  registerUser,
  uniqueIdentity,
  type RegisteredUser,
} from './http';

describe('GET /users/count/total', () => {
  it('answers { total } publicly and grows by one per account', async () => {
    const before = await call<{ total: number }>('GET', '/users/count/total');
    expect(before.status).toBe(200);
    await registerUser();
    const after = await call<{ total: number }>('GET', '/users/count/total');
    expect(after.body.total).toBeGreaterThanOrEqual(before.body.total + 1);
  });
});

describe('PUT /users/{id}', () => {
  it('changes the caller’s own names and completed tours', async () => {
    const { user, token } = await registerUser();
    const result = await call('PUT', `/users/${user._id}`, {
      token,
      body: {
        firstName: ' Augusta ',
        lastName: 'King',
        completedTours: ['dashboard', 'dashboard', 'company-form'],
      },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      firstName: 'Augusta',
      lastName: 'King',
      completedTours: ['dashboard', 'company-form'],
    });
    expect((await call('GET', '/auth/me', { token })).body).toMatchObject({ firstName: 'Augusta' });
  });

  it('refuses any other field (role, email) with 400 and changes nothing', async () => {
    const { user, token } = await registerUser();
    const result = await call('PUT', `/users/${user._id}`, {
      token,
      body: { role: 'admin', email: 'x@y.co' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'These fields cannot be changed: role, email',
    });
    expect((await call('GET', '/auth/me', { token })).body).toMatchObject({
      role: user.role,
      email: user.email,
    });
  });

  it("answers 404 for another user's id", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const result = await call('PUT', `/users/${alice.user._id}`, {
      token: bob.token,
      body: { firstName: 'Mallory' },
    });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ code: 'USER_NOT_FOUND', message: 'User not found' });
    expect((await call('GET', '/auth/me', { token: alice.token })).body).toMatchObject({
      firstName: 'Ada',
    });
  });

  it('needs a session', async () => {
    const { user } = await registerUser();
    const result = await call('PUT', `/users/${user._id}`, { body: { firstName: 'X' } });
    expect(result.status).toBe(401);
    expect(result.body.code).toBe('UNAUTHENTICATED');
  });

  it('normalises a new phone, resets its verification, and keeps verified phones unique', async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const { phoneNumber } = uniqueIdentity();
    const changed = await call('PUT', `/users/${alice.user._id}`, {
      token: alice.token,
      body: { phoneNumber },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      phoneNumber: `+1${phoneNumber.replace(/\D/g, '')}`,
      isPhoneVerified: false,
    });
    // A number is claimed once verified: Alice verifies hers, then nobody else can take it.
    await call('POST', '/auth/2fa/enable', { token: alice.token, body: { isVerification: true } });
    const [text] = await inbox(`+1${phoneNumber.replace(/\D/g, '')}`);
    const code = /\b(\d{6})\b/.exec(text!.text)![1]!;
    expect(
      (await call('POST', '/auth/2fa/verify', { token: alice.token, body: { code } })).status,
    ).toBe(200);

    const clash = await call('PUT', `/users/${bob.user._id}`, {
      token: bob.token,
      body: { phoneNumber },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      code: 'PHONE_TAKEN',
      message: 'This phone number is already registered to another user',
      fields: { phoneNumber: 'This phone number is already registered to another user' },
    });

    // Alice's old number was released and can be taken by Bob.
    const released = await call('PUT', `/users/${bob.user._id}`, {
      token: bob.token,
      body: { phoneNumber: alice.user.phoneNumber },
    });
    expect(released.status).toBe(200);
  });

  it('validates with the profile messages', async () => {
    const { user, token } = await registerUser();
    const result = await call('PUT', `/users/${user._id}`, {
      token,
      body: { firstName: '', phoneNumber: '', completedTours: ['not-a-tour'] },
    });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('VALIDATION_FAILED');
    expect(result.body.fields).toEqual({
      firstName: 'First name is required',
      phoneNumber: 'Phone number is required for 2FA and content updates',
      'completedTours.0': 'Unknown tour',
    });
    expect((await call('PUT', `/users/${user._id}`, { token, rawBody: 'nope' })).body.code).toBe(
      'MALFORMED_JSON',
    );
  });
});

describe('PUT /users/{id} with completedTours', () => {
  it('refuses an unknown tour id with 400 and keeps the completed tours as they were', async () => {
    const { user, token } = await registerUser();
    const saved = await call('PUT', `/users/${user._id}`, {
      token,
      body: { completedTours: ['dashboard'] },
    });
    expect(saved.status).toBe(200);
    const refused = await call('PUT', `/users/${user._id}`, {
      token,
      body: { completedTours: ['dashboard', 'settings-tour'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'completedTours.1': 'Unknown tour' },
    });
    expect((await call('GET', '/auth/me', { token })).body).toMatchObject({
      completedTours: ['dashboard'],
    });
  });

  it("answers 404 for another user's id and leaves their completed tours alone", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const result = await call('PUT', `/users/${alice.user._id}`, {
      token: bob.token,
      body: { completedTours: ['dashboard', 'company-dashboard'] },
    });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await call('GET', '/auth/me', { token: alice.token })).body).toMatchObject({
      completedTours: [],
    });
    expect((await call('GET', '/auth/me', { token: bob.token })).body).toMatchObject({
      completedTours: [],
    });
  });

  it('an empty list clears them (Replay tours)', async () => {
    const { user, token } = await registerUser();
    await call('PUT', `/users/${user._id}`, { token, body: { completedTours: ['platforms'] } });
    const cleared = await call('PUT', `/users/${user._id}`, {
      token,
      body: { completedTours: [] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ completedTours: [] });
  });
});

/** A verified phone, as its owner gets one: the code texted to it, sent back from `from`. */
const verifyPhoneFrom = async (account: RegisteredUser, from: string): Promise<void> => {
  const sent = await call('POST', '/auth/2fa/enable', {
    token: account.token,
    body: { isVerification: true },
    from,
  });
  expect(sent.status).toBe(200);
  const [text] = await inbox(account.user.phoneNumber);
  const code = /\b(\d{6})\b/.exec(text!.text)![1]!;
  const verified = await call('POST', '/auth/2fa/verify', {
    token: account.token,
    body: { code },
    from,
  });
  expect(verified.status).toBe(200);
};

describe('PUT /users/{id} from two sessions at once', () => {
  const PROFILE_CHANGED = 'Your profile was changed in another window. Reload it and try again.';
  /** Rounds that must see the race (both requests read the profile before either wrote). */
  const RACES = 3;
  const MAX_ROUNDS = 15;

  it('one new number is saved, the other answers 409 PROFILE_CHANGED, and nothing is half-written', async () => {
    let raced = 0;
    for (let round = 0; round < MAX_ROUNDS && raced < RACES; round++) {
      const from = newClientAddress();
      const account = await registerUser({}, from);
      await verifyPhoneFrom(account, from);
      const oldNumber = account.user.phoneNumber;
      expect(await phoneClaimHolder(oldNumber)).toBe(account.user._id);
      const login = await call<{ access_token: string }>('POST', '/auth/login', {
        body: { email: account.user.email, password: account.password },
        from,
      });
      const sessions = [account.token, login.body.access_token];
      const numbers = sessions.map(() => `+1${uniqueIdentity().phoneNumber.replace(/\D/g, '')}`);

      // Each from an address of its own: both open a new connection at the same moment, rather
      // than one reusing the login's and arriving first.
      const answers = await Promise.all(
        sessions.map((token, index) =>
          call<{ phoneNumber: string }>('PUT', `/users/${account.user._id}`, {
            token,
            body: { phoneNumber: numbers[index] },
            from: newClientAddress(),
          }),
        ),
      );

      const statuses = answers.map((answer) => answer.status).sort();
      // Both saved: the second request read the profile after the first had written (no race,
      // each change applied whole, one after the other). Any other outcome must be the race's.
      if (statuses.join() !== '200,200') {
        expect(statuses).toEqual([200, 409]);
        raced += 1;
        expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({
          statusCode: 409,
          code: 'PROFILE_CHANGED',
          error: 'Conflict',
          message: PROFILE_CHANGED,
        });
      }
      // The stored profile is a saved one, whole: its number, unverified; the old number's claim
      // is released and neither new number is claimed.
      const stored = await call<{ phoneNumber: string }>('GET', '/auth/me', {
        token: account.token,
        from,
      });
      const saved = answers.filter((answer) => answer.status === 200);
      expect(saved.map((answer) => answer.body.phoneNumber)).toContain(stored.body.phoneNumber);
      expect(stored.body).toMatchObject({ isPhoneVerified: false });
      expect(numbers).toContain(stored.body.phoneNumber);
      expect(await phoneClaimHolder(oldNumber)).toBeUndefined();
      for (const number of numbers) expect(await phoneClaimHolder(number)).toBeUndefined();
    }
    expect(raced).toBe(RACES);
  }, 120_000);
});

describe('meta', () => {
  it('serves the OpenAPI document generated from the contract', async () => {
    const result = await call<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/openapi.json',
    );
    expect(result.status).toBe(200);
    expect(result.body.openapi).toBe('3.1.0');
    expect(Object.keys(result.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/me',
        '/api/users/{id}',
        '/api/users/count/total',
      ]),
    );
    expect(result.body.paths['/api/auth/login']).toHaveProperty('post');
    expect(result.body.paths['/api/auth/login']!.post).toMatchObject({
      'x-error-codes': expect.arrayContaining(['INVALID_CREDENTIALS', 'LOGIN_THROTTLED']),
    });
  });

  it("tells the web app it runs in the sandbox, where Google's stand-in offers Google sign-in", async () => {
    const result = await call('GET', '/config');
    expect(result.body).toMatchObject({
      sandbox: true,
      googleSignIn: true,
      // The stand-in's fake id: GA4's whole path runs against the sandbox's stand-in.
      analytics: { measurementId: 'G-SANDBOX' },
    });
  });
});
