import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '#web/test/fetch-mock';
import { companiesPage, makeCompany, seedSession } from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { PlatformsIndexPage } from './platforms-index-page';

describe('/dashboard/platforms', () => {
  it('lists the companies to manage platforms for', async () => {
    seedSession();
    mockFetch({ 'GET /api/companies/user/u1': companiesPage([makeCompany()]) });
    renderScreen('/dashboard/platforms', <PlatformsIndexPage />, { at: '/dashboard/platforms' });
    expect(await screen.findByRole('link', { name: /Harbor Coffee/ })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/platforms',
    );
  });

  it('says why a connection failed when it could not return to its company', async () => {
    seedSession();
    mockFetch({ 'GET /api/companies/user/u1': companiesPage([makeCompany()]) });
    renderScreen('/dashboard/platforms', <PlatformsIndexPage />, {
      at: '/dashboard/platforms?error=This%20link%20was%20started%20in%20another%20browser&platform=twitter',
    });
    expect(
      await screen.findByText(
        'Failed to connect to X (Twitter): This link was started in another browser',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
  });
});
