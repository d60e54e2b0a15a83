import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UpcomingPost } from '#shared/contract/companies';
import { companiesPage, makeCompany, makeOverview, seedSession } from '#web/test/fixtures';
import { mockFetch } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { CompanyOverview } from './company-overview';
import { NOTHING_UP_NEXT, UpNextCard } from './up-next-card';

// A Tuesday noon in Chicago.
const NOW = Date.parse('2026-11-24T18:00:00.000Z');

const post = (overrides: Partial<UpcomingPost>): UpcomingPost => ({
  contentId: 'p1',
  campaignId: 'k1',
  platform: 'twitter',
  scheduledFor: '2026-11-27T15:00:00.000Z',
  preview: 'Fresh sourdough every Friday…',
  ...overrides,
});

const renderCard = (posts: UpcomingPost[] | undefined) =>
  render(
    <MemoryRouter>
      <UpNextCard companyId="c1" timeZone="America/Chicago" posts={posts} now={NOW} />
    </MemoryRouter>,
  );

describe('Up next', () => {
  it('lists the next posts going out, each with its platform, time and first words', () => {
    renderCard([
      post({}),
      post({
        contentId: 'p2',
        campaignId: 'k2',
        platform: 'linkedin',
        scheduledFor: '2026-12-01T16:30:00.000Z',
        preview: 'Our autumn blend is back',
      }),
    ]);
    const card = screen.getByRole('region', { name: 'Up next' });
    const [first, second] = within(card).getAllByRole('listitem');
    expect(first).toHaveTextContent('X · Fri 9:00 AM');
    expect(within(first!).getByText('Fri 9:00 AM')).toHaveAttribute(
      'datetime',
      '2026-11-27T15:00:00.000Z',
    );
    // A post opens in its campaign.
    expect(
      within(first!).getByRole('link', { name: 'Fresh sourdough every Friday…' }),
    ).toHaveAttribute('href', '/dashboard/company/c1/campaigns/k1');
    expect(second).toHaveTextContent('LinkedIn · Tue, Dec 1, 10:30 AM');
    expect(within(second!).getByRole('link', { name: 'Our autumn blend is back' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k2',
    );
  });

  it('says when nothing is scheduled, and shows placeholders while loading', () => {
    const { unmount } = renderCard([]);
    expect(screen.getByRole('region', { name: 'Up next' })).toHaveTextContent(NOTHING_UP_NEXT);
    unmount();
    renderCard(undefined);
    const card = screen.getByRole('region', { name: 'Up next' });
    expect(card).not.toHaveTextContent(NOTHING_UP_NEXT);
    expect(within(card).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('is a card of the company overview, beside Recent Activity', () => {
    const company = makeCompany({ timeZone: 'America/Chicago' });
    seedSession();
    mockFetch({ 'GET /api/companies/user/u1': companiesPage([company]) });
    renderScreen(
      '/dashboard/company/:companyId',
      <CompanyOverview
        company={company}
        overview={makeOverview({ company, upNext: [post({})] })}
        now={NOW}
      />,
      { at: '/dashboard/company/c1' },
    );
    expect(screen.getByRole('region', { name: 'Up next' })).toHaveTextContent('X · Fri 9:00 AM');
    expect(screen.getByRole('region', { name: 'Recent Activity' })).toBeInTheDocument();
  });
});
