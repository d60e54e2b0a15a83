import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CampaignSummary } from '#shared/contract/campaigns';
import {
  bodiesSentTo,
  callKeys,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import {
  companiesPage,
  makeCampaignList,
  makeCampaignSummary,
  makeCompany,
  seedSession,
} from '#web/test/fixtures';
import { PathProbe, renderScreen } from '#web/test/render';
import { CampaignsPage } from './campaigns-page';

const LIST = 'GET /api/campaigns/company/c1';

const renderList = (
  answers: Record<string, MockAnswer>,
  at = '/dashboard/company/c1/campaigns',
) => {
  seedSession();
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': companiesPage([makeCompany()]),
    'GET /api/companies/c1': { body: makeCompany() },
    ...answers,
  });
  renderScreen('/dashboard/company/:companyId/campaigns', <CampaignsPage />, {
    at,
    routes: [
      { path: '/dashboard/company/:companyId/campaigns/new', element: <PathProbe name="new" /> },
      {
        path: '/dashboard/company/:companyId/campaigns/:campaignId',
        element: <PathProbe name="detail" />,
      },
      {
        path: '/dashboard/company/:companyId/campaigns/:campaignId/edit',
        element: <PathProbe name="edit" />,
      },
    ],
  });
  return { fetchMock, user: userEvent.setup() };
};

const three: CampaignSummary[] = [
  makeCampaignSummary({ _id: 'k1', name: 'Autumn blend launch', status: 'active' }),
  makeCampaignSummary({
    _id: 'k2',
    name: 'Holiday gifts',
    status: 'draft',
    platforms: ['twitter', 'linkedin'],
  }),
  makeCampaignSummary({ _id: 'k3', name: 'Summer cold brew', status: 'completed', platforms: [] }),
];

/** The query of the n-th call to the list. */
const listQuery = (fetchMock: ReturnType<typeof mockFetch>, index: number) => {
  const calls = fetchMock.mock.calls.filter(
    ([input]) =>
      new URL(String(input), 'http://localhost').pathname === '/api/campaigns/company/c1',
  );
  return Object.fromEntries(new URL(String(calls[index]![0]), 'http://localhost').searchParams);
};

describe('CampaignsPage', () => {
  it("shows 'You don't have any campaigns yet.' with 'Create Your First Campaign'", async () => {
    renderList({ [LIST]: { body: makeCampaignList([]) } });
    expect(
      await screen.findByRole('heading', { level: 2, name: "You don't have any campaigns yet." }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Campaign' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/new',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Campaign' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/new',
    );
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(breadcrumb).findByRole('link', { name: 'Harbor Coffee' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1',
    );
  });

  it("lists name, status badge, platforms ('None' without), start and end as short dates", async () => {
    const { fetchMock } = renderList({ [LIST]: { body: makeCampaignList(three) } });
    const table = await screen.findByRole('table', { name: 'Campaigns of Harbor Coffee' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Status', 'Platforms', 'Start Date', 'End Date', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Autumn blend launchActiveX (Twitter)Nov 10Dec 10',
      'Holiday giftsDraftX (Twitter), LinkedInNov 10Dec 10',
      'Summer cold brewCompletedNoneNov 10Dec 10',
    ]);
    // Green for active, yellow for draft, grey otherwise.
    expect(within(rows[0]!).getByText('Active')).toHaveClass('bg-emerald-50');
    expect(within(rows[1]!).getByText('Draft')).toHaveClass('bg-amber-50');
    expect(within(rows[2]!).getByText('Completed')).toHaveClass('bg-slate-100');
    expect(listQuery(fetchMock, 0)).toEqual({ skip: '0', limit: '10' });
  });

  it('shows dates as the day in the campaign’s zone', async () => {
    renderList({
      [LIST]: {
        body: makeCampaignList([
          makeCampaignSummary({
            // Midnight in Tokyo is still the day before in UTC.
            startDate: '2026-02-28T15:00:00.000Z',
            endDate: '2026-03-30T15:00:00.000Z',
            schedule: { timeZone: 'Asia/Tokyo', days: ['mon'], times: ['09:00'], mode: 'fixed' },
          }),
        ]),
      },
    });
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('Mar 1Mar 31');
    expect(within(row).getByText('Mar 1')).toHaveAttribute('datetime', '2026-03-01');
  });

  it('opens a campaign by a click anywhere on its row', async () => {
    const { user } = renderList({ [LIST]: { body: makeCampaignList(three) } });
    const rows = (await screen.findAllByRole('row')).slice(1);
    await user.click(within(rows[1]!).getByText('X (Twitter), LinkedIn'));
    expect(await screen.findByText('Screen: detail')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/company/c1/campaigns/k2');
  });

  it('links each name to the campaign and each edit icon to its form', async () => {
    renderList({ [LIST]: { body: makeCampaignList(three) } });
    expect(await screen.findByRole('link', { name: 'Holiday gifts' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k2',
    );
    expect(screen.getByRole('link', { name: 'Edit Holiday gifts' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k2/edit',
    );
  });

  describe('Delete', () => {
    it("asks 'Delete Campaign' with the spec's text; Cancel keeps it", async () => {
      const { user, fetchMock } = renderList({ [LIST]: { body: makeCampaignList(three) } });
      const trash = await screen.findByRole('button', { name: 'Delete Holiday gifts' });
      await user.click(trash);
      const dialog = screen.getByRole('alertdialog', { name: 'Delete Campaign' });
      expect(dialog).toHaveAccessibleDescription(
        'Are you sure you want to delete this campaign? This action cannot be undone.',
      );
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(trash).toHaveFocus();
      expect(callKeys(fetchMock)).not.toContain('DELETE /api/campaigns/k2');
      // No navigation either: the trash icon is not a row click.
      expect(window.location.pathname).toBe('/dashboard/company/c1/campaigns');
    });

    it("deletes, says 'Campaign deleted successfully' and reads the list again", async () => {
      let remaining = three;
      const { user, fetchMock } = renderList({
        [LIST]: () => Promise.resolve(jsonResponse(makeCampaignList(remaining))),
        'DELETE /api/campaigns/k2': () => {
          remaining = three.filter((campaign) => campaign._id !== 'k2');
          return Promise.resolve(jsonResponse({ message: 'Campaign deleted' }));
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Delete Holiday gifts' }));
      await user.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
      expect(await screen.findByText('Campaign deleted successfully')).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('link', { name: 'Holiday gifts' })).not.toBeInTheDocument(),
      );
      expect(bodiesSentTo(fetchMock, 'DELETE /api/campaigns/k2')).toHaveLength(1);
    });

    it("says 'Failed to delete campaign: {message}' and keeps the dialog", async () => {
      const { user } = renderList({
        [LIST]: { body: makeCampaignList(three) },
        'DELETE /api/campaigns/k2': {
          status: 404,
          body: {
            statusCode: 404,
            code: 'CAMPAIGN_NOT_FOUND',
            message: 'Campaign not found',
            error: 'Not Found',
          },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Delete Holiday gifts' }));
      await user.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
      expect(
        await screen.findByText('Failed to delete campaign: Campaign not found'),
      ).toBeInTheDocument();
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    });
  });

  it('pages ten at a time with Previous and Next, sending the cursor the page before gave', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        makeCampaignSummary({ _id: `k${from + index}`, name: `Campaign ${from + index}` }),
      );
    // The call being answered is the mock's latest (it is recorded before it is answered).
    const answer = () => {
      const url = new URL(String(vi.mocked(fetch).mock.calls.at(-1)![0]), 'http://localhost');
      const skip = Number(url.searchParams.get('skip'));
      return Promise.resolve(
        jsonResponse(
          makeCampaignList(page(skip + 1, skip === 20 ? 3 : 10), {
            total: 23,
            skip,
            nextCursor: skip === 20 ? null : `cursor-${skip + 10}`,
          }),
        ),
      );
    };
    const { user, fetchMock } = renderList({ [LIST]: answer });
    expect(await screen.findByText('Showing 1–10 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–20 of 23')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campaign 11' })).toBeInTheDocument();
    expect(window.location.search).toBe('?page=2');
    expect(listQuery(fetchMock, 1)).toEqual({ skip: '10', limit: '10', cursor: 'cursor-10' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–23 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 11–20 of 23')).toBeInTheDocument();
  });

  it('opens the page of the address, by skip', async () => {
    const { fetchMock } = renderList(
      { [LIST]: { body: makeCampaignList(three, { total: 23, skip: 20 }) } },
      '/dashboard/company/c1/campaigns?page=3',
    );
    expect(await screen.findByText('Showing 21–23 of 23')).toBeInTheDocument();
    expect(listQuery(fetchMock, 0)).toEqual({ skip: '20', limit: '10' });
  });

  it("says 'Failed to load campaigns. Please try again.' and toasts 'Failed to load campaigns'", async () => {
    let failing = true;
    const { user } = renderList({
      [LIST]: () =>
        Promise.resolve(
          failing
            ? jsonResponse(
                { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Down', error: 'x' },
                503,
              )
            : jsonResponse(makeCampaignList(three)),
        ),
    });
    expect(
      await screen.findByText('Failed to load campaigns. Please try again.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to load campaigns')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Holiday gifts' })).toBeInTheDocument();
  });

  it('shows cards on a narrow screen, each opening its campaign', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === '(max-width: 767px)',
    }));
    renderList({ [LIST]: { body: makeCampaignList(three) } });
    const cards = await screen.findByRole('list', { name: 'Campaigns' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]).toHaveTextContent(
      'Summer cold brewCompletedPlatformsNoneDatesNov 10 – Dec 10',
    );
    expect(within(items[1]!).getByRole('link', { name: 'Holiday gifts' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k2',
    );
    expect(within(items[1]!).getByRole('button', { name: 'Delete Holiday gifts' })).toBeVisible();
  });
});
