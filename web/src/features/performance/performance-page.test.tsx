import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BestTimes, Performance } from '#shared/contract/performance';
import { PERFORMANCE_TEXTS, type TimeWindow } from '#shared/domain/post-results';
import { mockFetch } from '#web/test/fetch-mock';
import { makeCompany, seedSession } from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { PERFORMANCE_PAGE_TEXTS, PerformancePage } from './performance-page';

const PATH = '/dashboard/company/:companyId/performance';
const ZONE = 'America/New_York';
const ALL_TIME = { from: '2026-09-01T04:00:00.000Z', to: '2026-11-28T05:00:00.000Z' };
const WEEKS = { from: '2026-11-02T05:00:00.000Z', to: '2026-11-28T05:00:00.000Z' };

const totals = (posts: number, impressions: number, engagements: number) => ({
  posts,
  impressions,
  engagements,
  engagementRate: impressions ? engagements / impressions : null,
});

const makePerformance = (overrides: Partial<Performance> = {}): Performance => ({
  timeZone: ZONE,
  resultCount: 14,
  mostlyStartingGuess: false,
  collectionPausedUntil: null,
  overTime: {
    period: WEEKS,
    weeks: [
      { weekStart: '2026-11-02', platform: 'twitter', ...totals(3, 3000, 90) },
      { weekStart: '2026-11-09', platform: 'twitter', ...totals(4, 4000, 160) },
      { weekStart: '2026-11-09', platform: 'linkedin', ...totals(2, 800, 40) },
    ],
  },
  topPosts: {
    period: ALL_TIME,
    posts: [
      {
        contentId: 'p1',
        campaignId: 'k1',
        campaignName: 'Autumn blend launch',
        platform: 'twitter',
        excerpt: 'The autumn blend is back',
        publishedAt: '2026-11-10T14:00:00.000Z',
        postUrl: 'https://x.com/harbor/status/1',
        results: {
          impressions: 2400,
          engagements: 120,
          engagementRate: 0.05,
          collectedAt: '2026-11-17T14:10:00.000Z',
          age: '7d',
        },
      },
    ],
  },
  campaigns: {
    period: ALL_TIME,
    campaigns: [
      { campaignId: 'k1', campaignName: 'Autumn blend launch', ...totals(9, 7800, 290) },
      { campaignId: 'k2', campaignName: null, ...totals(5, 2000, 30) },
    ],
  },
  heatMap: {
    period: ALL_TIME,
    cells: [
      { day: 'tue', part: 'morning', ...totals(6, 3000, 180) },
      { day: 'sat', part: 'evening', ...totals(8, 6800, 140) },
    ],
  },
  ...overrides,
});

const windowOf = (
  name: TimeWindow,
  kind: 'weekday' | 'weekend',
  part: 'morning' | 'midday' | 'afternoon' | 'evening',
  evidence: string,
) => ({
  window: name,
  kind,
  part,
  posts: 0,
  relativeToMedian: null,
  expected: 1,
  evidence,
});

const makeBestTimes = (resultCount = 14): BestTimes => ({
  timeZone: ZONE,
  platforms: [
    {
      platform: 'twitter',
      resultCount,
      period: ALL_TIME,
      mostlyStartingGuess: resultCount < 10,
      medianEngagementRate: 0.03,
      windows: [
        windowOf('weekday-morning', 'weekday', 'morning', '6 posts, 2.4× your median'),
        windowOf('weekend-evening', 'weekend', 'evening', '8 posts, 0.9× your median'),
        windowOf('weekday-midday', 'weekday', 'midday', 'no posts yet'),
        windowOf('weekday-evening', 'weekday', 'evening', 'no posts yet'),
      ],
    },
  ],
});

const open = (performance: Performance, bestTimes = makeBestTimes(performance.resultCount)) => {
  seedSession();
  const fetchMock = mockFetch({
    'GET /api/companies/c1': { body: makeCompany({ timeZone: ZONE }) },
    'GET /api/companies/c1/performance': { body: performance },
    'GET /api/companies/c1/performance/best-times': { body: bestTimes },
    'GET /api/companies/c1/performance/export': {
      body: {
        filename: 'harbor-coffee-results.csv',
        csv: 'a,b\n1,2\n',
        rows: 14,
        truncated: false,
      },
    },
  });
  renderScreen(PATH, <PerformancePage />, { at: '/dashboard/company/c1/performance' });
  return fetchMock;
};

describe('the Performance page', () => {
  it('shows each section with the period and count its figures rest on', async () => {
    open(makePerformance());
    const weekly = await screen.findByRole('region', { name: 'Engagement over time' });
    expect(weekly).toHaveTextContent('Nov 2 – Nov 27, 2026 · 9 posts');
    // The chart's numbers, as a table under it: per week and platform.
    const weeklyTable = within(weekly).getByRole('table');
    expect(
      within(weeklyTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Period', 'X (Twitter)', 'LinkedIn']);
    expect(within(weeklyTable).getAllByRole('row')[2]).toHaveTextContent('Nov 916040');

    const top = screen.getByRole('region', { name: 'Top posts' });
    expect(top).toHaveTextContent('Sep 1 – Nov 27, 2026 · top 1 of 14 posts, by engagements');
    expect(within(top).getByRole('link', { name: 'The autumn blend is back' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k1',
    );
    expect(within(top).getByTestId('post-results')).toHaveTextContent('Engagement rate5%');

    const compared = screen.getByRole('region', { name: 'Campaigns compared' });
    expect(compared).toHaveTextContent('Sep 1 – Nov 27, 2026 · 14 posts');
    expect(within(compared).getByRole('table')).toHaveTextContent('A deleted campaign52,000301.5%');

    const heat = screen.getByRole('region', { name: 'When your posts do best' });
    const table = within(heat).getByRole('table', { name: /^Engagement rate by weekday/ });
    const tuesday = within(table).getByRole('rowheader', { name: 'Tue' }).closest('tr')!;
    expect(within(tuesday).getAllByRole('cell')[0]).toHaveTextContent('6%6 posts');

    const best = screen.getByRole('region', { name: 'Best times to post' });
    expect(best).toHaveTextContent('14 posts with results so far, in New York time');
    expect(await within(best).findByText('Weekday mornings')).toBeInTheDocument();
    expect(best).toHaveTextContent('6 posts, 2.4× your median');
    expect(best).not.toHaveTextContent(PERFORMANCE_TEXTS.startingGuess);
  });

  it('says why LinkedIn posts have no results when its connection cannot have them read', async () => {
    open(makePerformance({ linkedInResultsUnread: true }));
    expect(await screen.findByText(PERFORMANCE_PAGE_TEXTS.linkedInUnread)).toBeInTheDocument();
  });

  it('says nothing of LinkedIn where its results can be read', async () => {
    open(makePerformance({ linkedInResultsUnread: false }));
    await screen.findByRole('region', { name: 'Best times to post' });
    expect(screen.queryByText(PERFORMANCE_PAGE_TEXTS.linkedInUnread)).not.toBeInTheDocument();
  });

  it('says the best times are mostly the starting guess with fewer than 10 results', async () => {
    open(makePerformance({ resultCount: 4, mostlyStartingGuess: true }));
    const best = await screen.findByRole('region', { name: 'Best times to post' });
    expect(best).toHaveTextContent(PERFORMANCE_TEXTS.startingGuess);
    expect(
      await within(best).findByText(
        '4 posts with results so far (Sep 1 – Nov 27, 2026): mostly the starting guess.',
      ),
    ).toBeInTheDocument();
  });

  it('says there are no results yet, and still shows the starting guess', async () => {
    open(
      makePerformance({
        resultCount: 0,
        mostlyStartingGuess: true,
        overTime: { period: WEEKS, weeks: [] },
        topPosts: { period: ALL_TIME, posts: [] },
        campaigns: { period: ALL_TIME, campaigns: [] },
        heatMap: { period: ALL_TIME, cells: [] },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No results yet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Top posts' })).not.toBeInTheDocument();
    const best = screen.getByRole('region', { name: 'Best times to post' });
    expect(best).toHaveTextContent(PERFORMANCE_TEXTS.startingGuess);
    expect(
      await within(best).findByText('No results yet: the starting guess from industry studies.'),
    ).toBeInTheDocument();
  });

  it('asks for another span of weeks, and exports the results as a CSV file', async () => {
    const fetchMock = open(makePerformance());
    await screen.findByRole('region', { name: 'Engagement over time' });
    await userEvent.selectOptions(screen.getByLabelText('Weeks shown'), 'Last 26 weeks');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).endsWith('/performance?weeks=26')),
      ).toBe(true),
    );
    expect(window.location.search).toBe('?weeks=26');

    // jsdom makes no object URLs: the file's contents are read from the Blob given.
    const created = vi.fn((blob: Blob) => (blob.size ? 'blob:results' : 'blob:empty'));
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 14 posts.')).toBeInTheDocument();
    expect(clicked).toHaveBeenCalledOnce();
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('harbor-coffee-results.csv');
    const saved = created.mock.calls[0]![0];
    expect(saved.type).toBe('text/csv;charset=utf-8');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved);
    });
    expect(text).toBe('a,b\n1,2\n');
  });
});
