import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOfCall, mockFetch } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { ForgotPasswordPage } from './forgot-password-page';

const renderPage = () =>
  renderScreen('/forgot-password', <ForgotPasswordPage />, { at: '/forgot-password' });

describe('ForgotPasswordPage', () => {
  it('validates the email', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
  });

  it("shows 'Check your email' after sending", async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/forgot-password': { body: { message: 'ok' } } });
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maya@harbor.coffee');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(
      screen.getByText('If an account exists for the address, instructions are sent'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Password reset instructions have been sent to your email'),
    ).toBeInTheDocument();
    expect(bodyOfCall(fetchMock)).toEqual({ email: 'maya@harbor.coffee' });
  });

  it("says 'Failed to send reset email' when the server gives no message", async () => {
    mockFetch({ 'POST /api/auth/forgot-password': { status: 503 } });
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maya@harbor.coffee');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset email');
    expect(screen.getByLabelText('Email')).toHaveValue('maya@harbor.coffee');
  });
});
