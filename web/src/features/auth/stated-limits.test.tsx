import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as Limits from '#shared/domain/limits';
import { mockFetch } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { RegisterPage } from './register-page';
import { ResetPasswordPage } from './reset-password-page';

/**
 * The sign-up screens state the trial, the founder seats, the password length and the reset
 * link's lifetime from their constants: other values here, and every text follows them.
 */
vi.mock('#shared/domain/limits', async (importOriginal) => ({
  ...(await importOriginal<typeof Limits>()),
  TRIAL_DAYS: 21,
  FOUNDER_ACCOUNT_CAP: 80,
  PASSWORD_MIN_LENGTH: 12,
  PASSWORD_RESET_TTL_SECONDS: 2 * 60 * 60,
}));

describe('the limits the sign-up screens state', () => {
  it('register: the trial, the founder seats and the password length', async () => {
    mockFetch({ 'GET /api/users/count/total': { body: { total: 20 } } });
    renderScreen('/register', <RegisterPage />, { at: '/register' });

    expect(screen.getByText('Start your 21-day free trial. No card required.')).toBeInTheDocument();
    expect(screen.getByText('21-day free trial, no card required')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The first 80 accounts become founders: the Intro plan free for life and the Founder Forum.',
      ),
    ).toBeInTheDocument();
    // The rule itself is the contract's (shared/contract/fields), which reads the same constant.
    expect(screen.getByText('At least 12 characters.')).toBeInTheDocument();
  });

  it('register, every seat taken: the trial', async () => {
    mockFetch({ 'GET /api/users/count/total': { body: { total: 500 } } });
    renderScreen('/register', <RegisterPage />, { at: '/register' });
    expect(
      await screen.findByText('Every plan still starts with a 21-day free trial.'),
    ).toBeInTheDocument();
  });

  it('reset: the password length', () => {
    renderScreen('/reset-password', <ResetPasswordPage />, { at: '/reset-password?token=abc' });
    expect(screen.getByText('Choose a password of at least 12 characters.')).toBeInTheDocument();
  });

  it("reset without a token: the link's lifetime", () => {
    renderScreen('/reset-password', <ResetPasswordPage />, { at: '/reset-password' });
    expect(
      screen.getByText(
        'This password reset link is incomplete. Reset links work once, for 2 hours.',
      ),
    ).toBeInTheDocument();
  });

  it("forgot, after sending: the link's lifetime", async () => {
    mockFetch({ 'POST /api/auth/forgot-password': { body: { message: 'ok' } } });
    renderScreen('/forgot-password', <ForgotPasswordPage />, { at: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maya@harbor.coffee');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/^The link works once, for 2 hours\./)).toBeInTheDocument();
  });
});
