import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Limits from '#shared/domain/limits';
import { mockFetch } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { LandingPage } from './landing-page';
import { PrivacyPage } from './privacy-page';

/**
 * The landing page states the trial and the founder seats, the privacy policy the reset link's
 * lifetime, from their constants: other values here, and every text follows them.
 */
vi.mock('#shared/domain/limits', async (importOriginal) => ({
  ...(await importOriginal<typeof Limits>()),
  TRIAL_DAYS: 21,
  FOUNDER_ACCOUNT_CAP: 80,
  PASSWORD_RESET_TTL_SECONDS: 2 * 60 * 60,
}));

const renderLanding = (total: number) => {
  mockFetch({ 'GET /api/users/count/total': { body: { total } } });
  renderScreen('/', <LandingPage />, { at: '/' });
};

describe('the limits the marketing pages state', () => {
  it('landing: the trial in its calls to action and its pricing, and the founder seats', async () => {
    renderLanding(20);
    expect(
      screen.getAllByRole('link', { name: 'Start your 21-day free trial — no card required' }),
    ).not.toHaveLength(0);
    expect(
      screen.getByText(
        'Every plan starts with a 21-day free trial, no card required. Cancel any time.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/^The first 80 accounts are founder accounts/),
    ).toBeInTheDocument();
  });

  it('landing, every seat taken: the trial', async () => {
    renderLanding(500);
    expect(
      await screen.findByText(
        'Every founder seat is taken. Every plan still starts with a 21-day free trial.',
      ),
    ).toBeInTheDocument();
  });

  it("privacy: the reset link's lifetime", () => {
    renderScreen('/privacy', <PrivacyPage />, { at: '/privacy' });
    expect(screen.getByText(/password reset links after 2 hours\./)).toBeInTheDocument();
  });
});
