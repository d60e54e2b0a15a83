import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOfCall, mockFetch } from '#web/test/fetch-mock';
import { PathProbe, renderScreen } from '#web/test/render';
import { ResetPasswordPage } from './reset-password-page';

const renderReset = (at: string) =>
  renderScreen('/reset-password', <ResetPasswordPage />, {
    at,
    routes: [{ path: '/login', element: <PathProbe name="login" /> }],
  });

const fill = async (password: string, confirmation: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
};

describe('ResetPasswordPage', () => {
  it("shows 'Invalid Reset Link' without a token, with a way to ask for a new one", () => {
    renderReset('/reset-password');
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('checks the new password and its confirmation', async () => {
    renderReset('/reset-password?token=abc');
    await fill('short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await fill('new-password-1', 'new-password-2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it("shows the server's message (e.g. a spent link)", async () => {
    mockFetch({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { statusCode: 400, message: 'Invalid reset token', error: 'Bad Request' },
      },
    });
    renderReset('/reset-password?token=spent');
    await fill('new-password-1', 'new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid reset token');
  });

  it("falls back to 'Failed to reset password'", async () => {
    mockFetch({ 'POST /api/auth/reset-password': { status: 500 } });
    renderReset('/reset-password?token=abc');
    await fill('new-password-1', 'new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });

  it('sets the password, says so and goes to /login', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/reset-password': { body: { message: 'Password updated' } },
    });
    renderReset('/reset-password?token=tok-123');
    await fill('new-password-1', 'new-password-1');

    expect(await screen.findByText('Screen: login')).toBeInTheDocument();
    expect(
      await screen.findByText('Your password has been reset. Please log in.'),
    ).toBeInTheDocument();
    expect(bodyOfCall(fetchMock)).toEqual({ token: 'tok-123', newPassword: 'new-password-1' });
  });
});
