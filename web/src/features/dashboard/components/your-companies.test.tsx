import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCompanySummary } from '#web/test/fixtures';
import { YourCompanies } from './your-companies';

const renderSection = (companies: Parameters<typeof YourCompanies>[0]['companies']) =>
  render(
    <MemoryRouter>
      <YourCompanies companies={companies} />
    </MemoryRouter>,
  );

describe('YourCompanies', () => {
  it("offers 'Create Your First Company' when there are none", () => {
    renderSection([]);
    expect(screen.getByRole('heading', { name: 'Your Companies' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Company' })).toHaveAttribute(
      'href',
      '/dashboard/companies/new',
    );
    expect(screen.queryByRole('link', { name: 'Add Company' })).not.toBeInTheDocument();
  });

  it('shows a card per company with its Platforms and Campaigns links', () => {
    renderSection([
      makeCompanySummary({ _id: 'c1', name: 'Harbor Coffee', description: 'Small-batch roastery' }),
      makeCompanySummary({ _id: 'c2', name: 'Tide Yoga', description: '' }),
    ]);
    expect(screen.getByRole('link', { name: 'Add Company' })).toHaveAttribute(
      'href',
      '/dashboard/companies/new',
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Harbor Coffee' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1',
    );
    expect(within(first!).getByRole('link', { name: 'Platforms' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/platforms',
    );
    expect(within(first!).getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns',
    );
    expect(within(first!).getByText('Small-batch roastery')).toBeInTheDocument();
    expect(within(second!).getByText('No description')).toBeInTheDocument();
  });

  describe('what needs doing in each company', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('says how many drafts wait for review, with a link to the calendar, and the next post', () => {
      // A Tuesday noon; the next post goes out on Friday at 9:00 in Chicago.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T18:00:00Z'));
      renderSection([
        makeCompanySummary(
          { _id: 'c1', name: 'Harbor Coffee', timeZone: 'America/Chicago' },
          {
            agenda: {
              draftsWaiting: 3,
              nextPost: {
                contentId: 'p1',
                campaignId: 'k1',
                platform: 'linkedin',
                scheduledFor: '2026-11-27T15:00:00.000Z',
                preview: 'Fresh sourdough every Friday',
              },
            },
          },
        ),
        makeCompanySummary(
          { _id: 'c2', name: 'Tide Yoga', timeZone: 'America/New_York' },
          {
            agenda: {
              draftsWaiting: 1,
              nextPost: {
                contentId: 'p2',
                campaignId: 'k2',
                platform: 'twitter',
                scheduledFor: '2026-12-08T14:30:00.000Z',
                preview: 'Sunrise flow is back',
              },
            },
          },
        ),
        makeCompanySummary({ _id: 'c3', name: 'Quiet Books' }),
      ]);
      const [harbor, tide, quiet] = screen.getAllByRole('listitem');
      expect(
        within(harbor!).getByRole('link', { name: '3 drafts need your review' }),
      ).toHaveAttribute('href', '/dashboard/company/c1/calendar#needs-review');
      expect(harbor).toHaveTextContent('Next: LinkedIn post, Fri 9:00 AM');
      expect(within(harbor!).getByText('Fri 9:00 AM')).toHaveAttribute(
        'datetime',
        '2026-11-27T15:00:00.000Z',
      );
      // Further than the coming week, the day is named with its date.
      expect(within(tide!).getByRole('link', { name: '1 draft needs your review' })).toBeVisible();
      expect(tide).toHaveTextContent('Next: X post, Tue, Dec 8, 9:30 AM');
      expect(within(quiet!).queryByRole('link', { name: /review/ })).not.toBeInTheDocument();
      expect(quiet).toHaveTextContent('No posts scheduled');
    });
  });
});
