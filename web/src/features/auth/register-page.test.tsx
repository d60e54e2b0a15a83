import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REGISTRATION_REDIRECT_MS, STORAGE_KEYS } from '#shared/domain/limits';
import { acceptAnalytics, trackedEvents } from '#web/test/analytics';
import { makeToken, makeUser } from '#web/test/fixtures';
import { bodyOfCall, mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { PathProbe, renderScreen } from '#web/test/render';
import { waitWithFakeTimers } from '#web/test/wait-with-fake-timers';
import { RegisterPage } from './register-page';

const count = (total: number): MockAnswer => ({ body: { total } });

const renderRegister = (answers: Record<string, MockAnswer> = {}) => {
  const fetchMock = mockFetch({ 'GET /api/users/count/total': count(20), ...answers });
  const utils = renderScreen('/register', <RegisterPage />, {
    at: '/register',
    routes: [{ path: '/dashboard', element: <PathProbe name="dashboard" /> }],
  });
  return { ...utils, fetchMock };
};

const field = {
  firstName: () => screen.getByLabelText('First name'),
  lastName: () => screen.getByLabelText('Last name'),
  email: () => screen.getByLabelText('Email'),
  phone: () => screen.getByLabelText('Mobile phone (US)'),
  password: () => screen.getByLabelText('Password'),
  confirm: () => screen.getByLabelText('Confirm password'),
  submit: () => screen.getByRole('button', { name: 'Create account' }),
};

const fillForm = async (
  values: Partial<Record<Exclude<keyof typeof field, 'submit'>, string>> = {},
) => {
  const user = userEvent.setup();
  const all = {
    firstName: 'Maya',
    lastName: 'Lopez',
    email: 'Maya@Harbor.coffee',
    phone: '(555) 555-0123',
    password: 'sea-breeze-42',
    confirm: 'sea-breeze-42',
    ...values,
  };
  for (const [name, value] of Object.entries(all)) {
    const input = field[name as keyof typeof all]();
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
};

describe('RegisterPage', () => {
  it('says what is missing', async () => {
    renderRegister();
    await userEvent.click(field.submit());

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
  });

  it.each([
    ['+52 55 1234 5678', 'Please enter a valid US phone number'],
    ['555-0123', 'US phone numbers must have 10 digits'],
    ['+44 20 7946 0958', 'Please enter a valid US phone number'],
  ])('rejects the phone number %s', async (phone, message) => {
    renderRegister();
    const user = await fillForm({ phone });
    await user.click(field.submit());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field.phone()).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the password length and the confirmation', async () => {
    renderRegister();
    const user = await fillForm({ password: 'short', confirm: 'shorter' });
    await user.click(field.submit());
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await fillForm({ firstName: '', password: 'sea-breeze-42', confirm: 'sea-breeze-43' });
    await user.click(field.submit());
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
  });

  it('shows how many founder accounts remain', async () => {
    renderRegister({ 'GET /api/users/count/total': count(38) });
    expect(await screen.findByText('12 of 50 founder accounts remaining')).toBeInTheDocument();
  });

  it('creates the account, then opens the dashboard after exactly 4 seconds', async () => {
    acceptAnalytics();
    const token = makeToken();
    const { fetchMock } = renderRegister({
      'POST /api/auth/register': { status: 201, body: { access_token: token, user: makeUser() } },
    });
    await fillForm();
    expect(trackedEvents()).toEqual([{ name: 'sign_up_start', params: {} }]);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(field.submit());

    await waitWithFakeTimers(() =>
      expect(screen.getByText('Registration successful!')).toBeInTheDocument(),
    );
    expect(screen.getByText('Taking you to your dashboard…')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(trackedEvents()).toEqual([
      { name: 'sign_up_start', params: {} },
      { name: 'sign_up_complete', params: {} },
      { name: 'sign_up', params: { method: 'password' } },
    ]);
    const registerCall = fetchMock.mock.calls.findIndex(
      ([url]) => String(url) === '/api/auth/register',
    );
    expect(bodyOfCall(fetchMock, registerCall)).toEqual({
      firstName: 'Maya',
      lastName: 'Lopez',
      email: 'maya@harbor.coffee',
      phoneNumber: '+15555550123',
      password: 'sea-breeze-42',
    });

    await act(() => vi.advanceTimersByTimeAsync(REGISTRATION_REDIRECT_MS - 1));
    expect(screen.queryByText('Screen: dashboard')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Screen: dashboard')).toBeInTheDocument();
  });

  it("shows the server's error, marks the fields it names and keeps the input", async () => {
    renderRegister({
      'POST /api/auth/register': {
        status: 409,
        body: {
          statusCode: 409,
          message: 'This phone number is already registered',
          error: 'Conflict',
          fields: { phoneNumber: 'This phone number is already registered' },
        },
      },
    });
    const user = await fillForm();
    await user.click(field.submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This phone number is already registered',
    );
    expect(field.phone()).toHaveAttribute('aria-invalid', 'true');
    expect(field.phone()).toHaveAccessibleDescription('This phone number is already registered');
    expect(field.firstName()).toHaveValue('Maya');
    expect(field.password()).toHaveValue('sea-breeze-42');
    expect(field.submit()).toBeEnabled();
    expect(field.email()).toBeEnabled();
  });

  it("falls back to 'Failed to register'", async () => {
    renderRegister({ 'POST /api/auth/register': { status: 500 } });
    const user = await fillForm();
    await user.click(field.submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to register');
  });

  it('links to login and the legal pages', () => {
    renderRegister();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it("offers 'Continue with Google' when the deployment has it", async () => {
    renderRegister({
      'GET /api/config': {
        body: { stage: 'test', sandbox: true, googleSignIn: true, analytics: null },
      },
    });
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
  });
});
