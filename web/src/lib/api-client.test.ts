import { describe, expect, it, vi } from 'vitest';
import { contract } from '#shared/contract/manifest';
import { makeToken, makeUser, seedSession } from '../test/fixtures';
import { bodyOfCall, mockFetch } from '../test/fetch-mock';
import { ApiError, callApi } from './api-client';
import { setNavigator } from './navigation';
import { readSession } from './session-storage';

const at = (path: string) => window.history.replaceState(null, '', path);

const unauthorized = {
  status: 401,
  body: { statusCode: 401, message: 'Session expired', error: 'Unauthorized' },
};

describe('callApi', () => {
  it('calls /api + the filled path with JSON and the stored bearer token', async () => {
    const token = makeToken();
    seedSession({ token });
    const user = makeUser({ firstName: 'Ana' });
    const fetchMock = mockFetch({ 'PUT /api/users/u%201': { body: user } });

    const result = await callApi(contract.users.update, {
      params: { id: 'u 1' },
      body: { firstName: 'Ana' },
    });

    expect(result).toEqual(user);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/u%201');
    expect(init?.method).toBe('PUT');
    expect(init?.headers).toMatchObject({
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    });
    expect(bodyOfCall(fetchMock)).toEqual({ firstName: 'Ana' });
  });

  it('sends no Authorization header without a stored token', async () => {
    const fetchMock = mockFetch({ 'GET /api/users/count/total': { body: { total: 3 } } });
    await callApi(contract.users.countTotal);
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
  });

  it('parses the response with the contract (unknown fields dropped)', async () => {
    mockFetch({ 'GET /api/users/count/total': { body: { total: 7, secret: 'x' } } });
    await expect(callApi(contract.users.countTotal)).resolves.toEqual({ total: 7 });
  });

  it('rejects a response that does not match the contract with the fallback message', async () => {
    mockFetch({ 'GET /api/users/count/total': { body: { total: 'many' } } });
    const error = await callApi(contract.users.countTotal, {
      fallbackMessage: 'Could not count',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Could not count' });
  });

  it("prefers the server's message and passes per-field messages on", async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 409,
        body: {
          statusCode: 409,
          message: 'An account with this email already exists',
          error: 'Conflict',
          fields: { email: 'An account with this email already exists' },
        },
      },
    });
    const error = await callApi(contract.auth.register, {
      body: {
        email: 'a@b.co',
        password: 'password1',
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '5555550123',
      },
      fallbackMessage: 'Failed to register',
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 409,
      message: 'An account with this email already exists',
      fields: { email: 'An account with this email already exists' },
    });
  });

  it('uses the fallback when the server gives no message', async () => {
    mockFetch({ 'POST /api/auth/login': { status: 500, body: { statusCode: 500 } } });
    await expect(
      callApi(contract.auth.login, {
        body: { email: 'a@b.co', password: 'x' },
        fallbackMessage: 'Failed to login',
      }),
    ).rejects.toMatchObject({ status: 500, message: 'Failed to login' });
  });

  it('uses the fallback when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(
      callApi(contract.meta.config, { fallbackMessage: 'Offline' }),
    ).rejects.toMatchObject({
      status: 0,
      message: 'Offline',
    });
  });

  it('on 401 clears the session and goes to /login', async () => {
    at('/dashboard');
    seedSession();
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch({ 'GET /api/auth/me': unauthorized });

    await expect(callApi(contract.auth.me)).rejects.toMatchObject({
      status: 401,
      message: 'Session expired',
    });

    expect(readSession()).toEqual({ token: null, user: null });
    expect(window.localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it.each(['/login', '/reset-password'])(
    'on 401 at %s keeps the page (the error is shown there)',
    async (path) => {
      at(path);
      seedSession();
      const navigate = vi.fn();
      setNavigator(navigate);
      mockFetch({ 'POST /api/auth/login': unauthorized });

      await expect(
        callApi(contract.auth.login, { body: { email: 'a@b.co', password: 'wrong' } }),
      ).rejects.toMatchObject({ status: 401 });

      expect(navigate).not.toHaveBeenCalled();
      expect(readSession().token).not.toBeNull();
    },
  );
});
