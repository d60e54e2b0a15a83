import { describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser, seedSession } from '../test/fixtures';
import { bodyOfCall, callKeys, deferredAnswer, jsonResponse, mockFetch } from '../test/fetch-mock';
import { ApiError, callApi } from './api-client';
import { apiRoute } from './api-route';
import { ResponseMismatchError } from './check-response';
import { setNavigator } from './navigation';
import { takeSessionEndedNote } from './session-ended';
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
      'GET /api/campaigns/company/c1': {
        body: { data: [], total: 0, skip: 0, limit: 5, nextCursor: null },
      },
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

  it("carries a 429's Retry-After in seconds", async () => {
    const sendCode = apiRoute('POST /auth/2fa/enable');
    seedSession();
    mockFetch({
      'POST /api/auth/2fa/enable': async () =>
        new Response(
          JSON.stringify({
            statusCode: 429,
            code: 'PHONE_CODE_COOLDOWN',
            message: 'Please wait 25 seconds before requesting a new code.',
            error: 'Too Many Requests',
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '25' } },
        ),
    });
    await expect(
      callApi(sendCode, { body: { phoneNumber: '+15555550123', isVerification: true } }),
    ).rejects.toMatchObject({ status: 429, code: 'PHONE_CODE_COOLDOWN', retryAfterSeconds: 25 });
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

  it('on 401 renews the token through the refresh cookie once and retries the call', async () => {
    at('/dashboard');
    const expired = makeToken(-5);
    const renewed = makeToken(900);
    seedSession({ token: expired }, { remember: false });
    const navigate = vi.fn();
    setNavigator(navigate);
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      if (key === 'POST /api/auth/refresh') {
        return jsonResponse({ access_token: renewed, user: makeUser() });
      }
      const bearer = (init?.headers as Record<string, string>).Authorization;
      return bearer === `Bearer ${renewed}`
        ? jsonResponse({ total: 7 })
        : jsonResponse(unauthorized.body, 401);
    });
    vi.stubGlobal('fetch', fetchMock);

    await expect(callApi(countUsers)).resolves.toEqual({ total: 7 });

    expect(callKeys(fetchMock)).toEqual([
      'GET /api/users/count/total',
      'POST /api/auth/refresh',
      'GET /api/users/count/total',
    ]);
    expect(navigate).not.toHaveBeenCalled();
    // Stored where the sign-in was ('Remember me' unticked: sessionStorage).
    expect(window.sessionStorage.getItem('token')).toBe(renewed);
  });

  it('concurrent 401s share one refresh', async () => {
    at('/dashboard');
    const renewed = makeToken(900);
    seedSession({ token: makeToken(-5) });
    const refresh = deferredAnswer();
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/auth/refresh') return refresh.answer();
      const bearer = (init?.headers as Record<string, string>).Authorization;
      return bearer === `Bearer ${renewed}`
        ? jsonResponse({ total: 7 })
        : jsonResponse(unauthorized.body, 401);
    });
    vi.stubGlobal('fetch', fetchMock);

    const calls = Promise.all([callApi(countUsers), callApi(countUsers), callApi(countUsers)]);
    await vi.waitFor(() =>
      expect(callKeys(fetchMock).filter((key) => key === 'POST /api/auth/refresh')).toHaveLength(1),
    );
    refresh.resolve(jsonResponse({ access_token: renewed, user: makeUser() }));

    expect(await calls).toEqual([{ total: 7 }, { total: 7 }, { total: 7 }]);
    expect(callKeys(fetchMock).filter((key) => key === 'POST /api/auth/refresh')).toHaveLength(1);
  });

  it('does not try to renew after a 401 that is an answer (a wrong password)', async () => {
    at('/login');
    seedSession();
    const fetchMock = mockFetch({
      'POST /api/auth/login': {
        status: 401,
        body: {
          statusCode: 401,
          code: 'INVALID_CREDENTIALS',
          message: 'Invalid email or password',
          error: 'Unauthorized',
        },
      },
    });
    await expect(
      callApi(logIn, { body: { email: 'a@b.co', password: 'wrong' } }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(callKeys(fetchMock)).toEqual(['POST /api/auth/login']);
  });

  it('on 401 when the session cannot be renewed, clears it and goes to /login', async () => {
    at('/dashboard');
    seedSession();
    const navigate = vi.fn();
    setNavigator(navigate);
    const fetchMock = mockFetch({
      'GET /api/auth/me': unauthorized,
      'POST /api/auth/refresh': unauthorized,
    });

    await expect(callApi(apiRoute('GET /auth/me'))).rejects.toMatchObject({
      status: 401,
      code: 'SESSION_ENDED',
    });

    expect(readSession()).toEqual({ token: null, user: null });
    expect(window.localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(callKeys(fetchMock)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh']);
    // The login page says why, once.
    expect(takeSessionEndedNote()).toBe(true);
    expect(takeSessionEndedNote()).toBe(false);
  });

  it('on a lost session away from the dashboard, comes back to that page after login', async () => {
    at('/dashboard/company/c1?tab=x');
    seedSession();
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch({ 'GET /api/auth/me': unauthorized, 'POST /api/auth/refresh': unauthorized });

    await expect(callApi(apiRoute('GET /auth/me'))).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/login?next=%2Fdashboard%2Fcompany%2Fc1%3Ftab%3Dx', {
      replace: true,
    });
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
