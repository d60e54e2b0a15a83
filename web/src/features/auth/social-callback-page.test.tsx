import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SOCIAL_ERROR_REDIRECT_MS, STORAGE_KEYS } from '#shared/domain/limits';
import { makeToken, makeUser } from '#web/test/fixtures';
import { bodiesSentTo, callKeys, mockFetch } from '#web/test/fetch-mock';
import { PathProbe, renderRoutes } from '#web/test/render';
import { waitWithFakeTimers } from '#web/test/wait-with-fake-timers';
import { SocialCallbackPage } from './social-callback-page';
import { TokenCallbackPage } from './token-callback-page';

const renderCallback = (at: string) =>
  renderRoutes(
    [
      { path: '/auth/google/callback', element: <SocialCallbackPage /> },
      { path: '/auth/twitter/callback', element: <SocialCallbackPage /> },
      { path: '/auth/callback', element: <TokenCallbackPage /> },
      { path: '/login', element: <PathProbe name="login" /> },
      { path: '/dashboard', element: <PathProbe name="dashboard" /> },
    ],
    { at },
  );

describe('SocialCallbackPage', () => {
  it('trades the single-use code for the session, stores it remembered, then opens the dashboard', async () => {
    const token = makeToken();
    const fetchMock = mockFetch({
      'POST /api/auth/google/callback': {
        body: { access_token: token, user: makeUser({ firstName: 'Ana' }) },
      },
    });
    renderCallback('/auth/google/callback?token=single-use-code');

    expect(screen.getByText('Authenticating…')).toBeInTheDocument();
    expect(await screen.findByText('Screen: dashboard')).toBeInTheDocument();
    expect(await screen.findByText('Successfully signed in with Google!')).toBeInTheDocument();
    expect(callKeys(fetchMock)).toEqual(['POST /api/auth/google/callback']);
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/google/callback')).toEqual([
      { token: 'single-use-code' },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({
      firstName: 'Ana',
    });
  });

  it('shows the refusal of a spent code, then goes to /login', async () => {
    mockFetch({
      'POST /api/auth/google/callback': {
        status: 400,
        body: {
          statusCode: 400,
          code: 'INVALID_SIGN_IN_CODE',
          message: 'This sign-in link has expired',
          error: 'Bad Request',
        },
      },
    });
    renderCallback('/auth/google/callback?token=spent-code');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link has expired');
    expect(await screen.findByText('Screen: login', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps taking a token on the twitter route: fetches the user with it', async () => {
    const token = makeToken();
    const fetchMock = mockFetch({ 'GET /api/auth/me': { body: makeUser({ firstName: 'Ana' }) } });
    renderCallback(`/auth/twitter/callback?token=${token}`);

    expect(await screen.findByText('Screen: dashboard')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({
      Authorization: `Bearer ${token}`,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
  });

  it("shows the server's message with an error (an account that exists)", () => {
    const message = 'Sign in with your password, then link Google from your profile';
    renderCallback(
      `/auth/google/callback?error=account_exists&message=${encodeURIComponent(message)}`,
    );
    expect(screen.getByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it("says 'Failed to initiate Google login' when Google sign-in is unavailable", () => {
    renderCallback('/auth/google/callback?error=unavailable');
    expect(screen.getByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Failed to initiate Google login')).toBeInTheDocument();
  });

  it('shows an error parameter, then goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderCallback('/auth/twitter/callback?error=access_denied');

    expect(screen.getByText('Authentication failed. Please try again.')).toBeInTheDocument();
    await waitWithFakeTimers(() =>
      expect(screen.getByText('Google authentication failed')).toBeInTheDocument(),
    );

    await act(() => vi.advanceTimersByTimeAsync(SOCIAL_ERROR_REDIRECT_MS - 1));
    expect(screen.queryByText('Screen: login')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Screen: login')).toBeInTheDocument();
  });

  it("says 'Invalid callback response' without a token or an error, then goes to /login", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderCallback('/auth/google/callback');
    expect(screen.getByText('Invalid callback response')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SOCIAL_ERROR_REDIRECT_MS));
    expect(screen.getByText('Screen: login')).toBeInTheDocument();
  });
});

describe('TokenCallbackPage', () => {
  it('completes a token login', async () => {
    const token = makeToken();
    mockFetch({ 'GET /api/auth/me': { body: makeUser() } });
    renderCallback(`/auth/callback?token=${token}`);
    expect(await screen.findByText('Screen: dashboard')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
  });

  it.each(['/auth/callback?error=denied', '/auth/callback'])(
    'returns to /login from %s',
    async (at) => {
      renderCallback(at);
      expect(await screen.findByText('Screen: login')).toBeInTheDocument();
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    },
  );
});
