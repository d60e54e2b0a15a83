import { describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser, seedSession } from '../test/fixtures';
import { bodyOfCall, mockFetch } from '../test/fetch-mock';
import { ApiError, callApi } from './api-client';
import { apiRoute } from './api-route';
import { ResponseMismatchError } from './check-response';
import { setNavigator } from './navigation';
import { readSession } from './session-storage';

const at = (path: string) => window.history.replaceState(null, '', path);

const unauthorized = {
  status: 401,
  body: {
    statusCode: 401,
    code: 'SESSION_ENDED',
    message: 'Session expired',
    error: 'Unauthorized',
  },
};

const updateUser = apiRoute('PUT /users/{id}');
const countUsers = apiRoute('GET /users/count/total');
const register = apiRoute('POST /auth/register');
const logIn = apiRoute('POST /auth/login');

describe('apiRoute', () => {
  it('names a route by its method and path', () => {
    expect(updateUser).toEqual({ key: 'PUT /users/{id}', method: 'PUT', path: '/users/{id}' });
  });
});

describe('callApi', () => {
  it('calls /api + the filled path with JSON and the stored bearer token', async () => {
    const token = makeToken();
    seedSession({ token });
    const user = makeUser({ firstName: 'Ana' });
    const fetchMock = mockFetch({ 'PUT /api/users/u%201': { body: user } });

    const result = await callApi(updateUser, { params: { id: 'u 1' }, body: { firstName: 'Ana' } });

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
    await callApi(countUsers);
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
  });

  it('puts the query on the URL', async () => {
    const fetchMock = mockFetch({
      'GET /api/campaigns/company/c1': { body: { data: [], total: 0, skip: 0, limit: 5 } },
    });
    await callApi(apiRoute('GET /campaigns/company/{companyId}'), {
      params: { companyId: 'c1' },
      query: { limit: 5 },
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/campaigns/company/c1?limit=5');
  });

  it('in development, rejects an answer the contract does not declare, naming the route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/users/count/total': { body: { total: 'many' } } });
    const error = await callApi(countUsers).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseMismatchError);
    expect((error as Error).message).toContain('GET /api/users/count/total');
    expect((error as Error).message).toContain('total');
  });

  it('carries the code, the message and the per-field messages of an error answer', async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'EMAIL_TAKEN',
          message: 'An account with this email already exists',
          error: 'Conflict',
          fields: { email: 'An account with this email already exists' },
        },
      },
    });
    const error = await callApi(register, {
      body: {
        email: 'a@b.co',
        password: 'password1',
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '5555550123',
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      serverMessage: 'An account with this email already exists',
      fields: { email: 'An account with this email already exists' },
    });
  });

  it('has no code and no server message when the answer has no error body', async () => {
    mockFetch({ 'POST /api/auth/login': { status: 502 } });
    await expect(
      callApi(logIn, { body: { email: 'a@b.co', password: 'x' } }),
    ).rejects.toMatchObject({ status: 502, code: undefined, serverMessage: '', fields: {} });
  });

  it('answers status 0 when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(callApi(apiRoute('GET /config'))).rejects.toMatchObject({
      status: 0,
      serverMessage: '',
    });
  });

  it('on 401 clears the session and goes to /login', async () => {
    at('/dashboard');
    seedSession();
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch({ 'GET /api/auth/me': unauthorized });

    await expect(callApi(apiRoute('GET /auth/me'))).rejects.toMatchObject({
      status: 401,
      code: 'SESSION_ENDED',
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
        callApi(logIn, { body: { email: 'a@b.co', password: 'wrong' } }),
      ).rejects.toMatchObject({ status: 401 });

      expect(navigate).not.toHaveBeenCalled();
      expect(readSession().token).not.toBeNull();
    },
  );
});
