import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/domain/limits';
import { takeReturnPath } from '#web/lib/navigation';
import { endSession } from '#web/lib/session-ended';
import { clearSession } from '#web/lib/session-storage';
import { makeToken, makeUser, seedSession } from '#web/test/fixtures';
import { bodiesSentTo, bodyOfCall, mockFetch } from '#web/test/fetch-mock';
import { PathProbe, renderScreen } from '#web/test/render';
import { LoginPage } from './login-page';

const config = (googleSignIn = false) => ({
  body: { stage: 'test', sandbox: false, googleSignIn, analytics: null },
});

const renderLogin = (at = '/login') =>
  renderScreen('/login', <LoginPage />, {
    at,
    routes: [
      { path: '/dashboard', element: <PathProbe name="dashboard" /> },
      { path: '/profile', element: <PathProbe name="profile" /> },
    ],
  });

const signInAnswer = () => ({
  'GET /api/config': config(),
  'POST /api/auth/login': { body: { access_token: makeToken(), user: makeUser() } },
});

const fill = async (email: string, password: string) => {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
};

describe('LoginPage', () => {
  it('says what is missing', async () => {
    mockFetch({ 'GET /api/config': config() });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
  });

  it('rejects an invalid email address', async () => {
    const fetchMock = mockFetch({ 'GET /api/config': config() });
    renderLogin();
    const user = await fill('maya@harbor', 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/login'))).toBe(false);
  });

  it("shows the server's message once, in a banner, keeping the input", async () => {
    mockFetch({
      'GET /api/config': config(),
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
    renderLogin();
    const user = await fill('maya@harbor.coffee', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Invalid email or password');
    // Give a toast time to appear: there must be none beside the banner.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(1);
    expect(screen.getByLabelText('Email')).toHaveValue('maya@harbor.coffee');
    expect(screen.getByLabelText('Email')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it("falls back to 'Failed to login' when the server says nothing", async () => {
    mockFetch({ 'GET /api/config': config(), 'POST /api/auth/login': { status: 502 } });
    renderLogin();
    const user = await fill('maya@harbor.coffee', 'password123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to login');
  });

  it('signs in, says so and opens the dashboard (not remembered: sessionStorage)', async () => {
    const token = makeToken();
    const fetchMock = mockFetch({
      'GET /api/config': config(),
      'POST /api/auth/login': { body: { access_token: token, user: makeUser() } },
    });
    renderLogin();
    const user = await fill('Maya@Harbor.coffee', 'password123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Screen: dashboard')).toBeInTheDocument();
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    const loginCall = fetchMock.mock.calls.findIndex(([url]) => String(url) === '/api/auth/login');
    expect(bodyOfCall(fetchMock, loginCall)).toEqual({
      email: 'maya@harbor.coffee',
      password: 'password123',
      // The server keeps the refresh cookie for this browser session only.
      remember: false,
    });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("keeps the session in localStorage with 'Remember me'", async () => {
    const token = makeToken();
    const fetchMock = mockFetch({
      'GET /api/config': config(),
      'POST /api/auth/login': { body: { access_token: token, user: makeUser() } },
    });
    renderLogin();
    const user = await fill('maya@harbor.coffee', 'password123');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Screen: dashboard')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    // The server keeps the refresh cookie for 30 days.
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/login')).toEqual([
      expect.objectContaining({ remember: true }),
    ]);
  });

  it('disables the form while submitting', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch({
      'GET /api/config': config(),
      'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderLogin();
    const user = await fill('maya@harbor.coffee', 'password123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const submitting = await screen.findByRole('button', { name: 'Logging in…' });
    expect(submitting).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();

    answer(
      new Response(JSON.stringify({ statusCode: 429, message: 'Too many attempts' }), {
        status: 429,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });

  it('links to password reset and registration', () => {
    mockFetch({ 'GET /api/config': config() });
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    const footer = screen.getByText(/Don't have an account\?/);
    expect(within(footer).getByRole('link')).toHaveAttribute('href', '/register');
  });

  it('Tab goes from Email to Password; Forgot password comes after the password', async () => {
    mockFetch({ 'GET /api/config': config() });
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: /Remember me/ })).toHaveFocus();
  });

  it("offers 'Continue with Google' only when the deployment has it", async () => {
    mockFetch({ 'GET /api/config': config(true) });
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
  });

  it("hides 'Continue with Google' when the deployment does not have it", async () => {
    const fetchMock = mockFetch({ 'GET /api/config': config(false) });
    renderLogin();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Give the answer time to arrive and render (nothing visible changes when it is false).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('returns to the page that sent the user here (?next=)', async () => {
    mockFetch(signInAnswer());
    renderLogin('/login?next=%2Fprofile');
    const user = await fill('maya@harbor.coffee', 'password123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Screen: profile')).toBeInTheDocument();
  });

  it.each([
    '//evil.com',
    'https://evil.com/profile',
    '/\\evil.com',
    // A path the parser resolves to //evil.example, which the router refuses: the user stayed here.
    '/..//evil.example/x',
    '/%2e%2e//evil.example/x',
    '/%2F%2Fevil.example',
    'javascript:alert(1)',
  ])('goes to the dashboard instead of ?next=%s', async (next) => {
    mockFetch(signInAnswer());
    renderLogin(`/login?next=${encodeURIComponent(next)}`);
    const user = await fill('maya@harbor.coffee', 'password123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Screen: dashboard')).toBeInTheDocument();
  });

  it('returns to an address on this very site as its path', async () => {
    mockFetch(signInAnswer());
    renderLogin(`/login?next=${encodeURIComponent(`${window.location.origin}/profile`)}`);
    const user = await fill('maya@harbor.coffee', 'password123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Screen: profile')).toBeInTheDocument();
  });

  it('sends a signed-in user on at once, to ?next= or the dashboard', async () => {
    seedSession();
    mockFetch({ 'GET /api/config': config() });
    renderLogin('/login?next=%2Fprofile');
    expect(await screen.findByText('Screen: profile')).toBeInTheDocument();
  });

  it('says once that the session has ended, not again after a reload', async () => {
    mockFetch({ 'GET /api/config': config() });
    seedSession();
    endSession();
    const first = renderLogin();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has ended. Please log in again.',
    );
    first.unmount();

    renderLogin();
    await screen.findByRole('heading', { name: 'Log in' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });

  it('says nothing about an ended session after logging out on purpose', async () => {
    mockFetch({ 'GET /api/config': config() });
    seedSession();
    clearSession();
    renderLogin();
    await screen.findByRole('heading', { name: 'Log in' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });

  it("keeps ?next= for the return from 'Continue with Google'", async () => {
    mockFetch({ 'GET /api/config': config(true) });
    renderLogin('/login?next=%2Fprofile');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    // jsdom cannot leave the page; the click's handler is what matters.
    google.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(google);
    expect(takeReturnPath()).toBe('/profile');
  });
});
