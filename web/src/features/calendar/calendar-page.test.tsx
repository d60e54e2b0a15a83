import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GeneratedContent, PostApprovals } from '#shared/contract/content';
import { BULK_APPROVE_MESSAGES } from '#shared/domain/content';
import { bodiesSentTo, jsonResponse, mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import {
  companiesPage,
  makeCampaign,
  makeCompany,
  makeContent,
  makeContentList,
  makeCredential,
  seedSession,
} from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { CalendarPage } from './calendar-page';

const LA = 'America/Los_Angeles';
const POSTS = 'GET /api/companies/c1/posts';
const DRAFTS = 'GET /api/companies/c1/posts/drafts';
const APPROVE_ALL = 'POST /api/companies/c1/posts/approve';

const spring = makeCampaign({
  _id: 'k1',
  name: 'Spring loaves',
  schedule: { timeZone: LA, days: ['mon', 'wed', 'fri'], times: ['09:00'], mode: 'fixed' },
});
const market = makeCampaign({ _id: 'k2', name: 'Winter market', platforms: ['linkedin'] });

/** Friday, November 27, 2026, 10:00 AM in Los Angeles. */
const NOW = new Date('2026-11-27T18:00:00.000Z');

const scheduled = makeContent({
  _id: 'p1',
  campaignId: 'k1',
  status: 'scheduled',
  content: 'Fresh sourdough every morning from six',
  scheduledFor: '2026-11-27T17:00:00.000Z',
});
const published = makeContent({
  _id: 'p2',
  campaignId: 'k2',
  status: 'published',
  content: 'The winter market opens on the harbour',
  metadata: { params: { platform: 'linkedin' }, source: 'openai' },
  // 5:30 PM on Monday the 23rd in Los Angeles (already Tuesday in UTC).
  scheduledFor: '2026-11-24T01:30:00.000Z',
  publishedAt: '2026-11-24T01:30:05.000Z',
});
const failed = makeContent({
  _id: 'p3',
  campaignId: 'k1',
  status: 'failed',
  content: 'Rye is back on Wednesday',
  scheduledFor: '2026-11-25T17:00:00.000Z',
  publishError: 'X refused the post',
});

const draft = (id: string, campaignId = 'k1', content = `Draft ${id} about our bread`) =>
  makeContent({ _id: id, campaignId, status: 'draft', content });

const renderCalendar = ({
  posts = [scheduled, published, failed],
  postsAnswer,
  drafts = [] as GeneratedContent[],
  answers = {},
  at = '/dashboard/company/c1/calendar',
}: {
  posts?: GeneratedContent[];
  postsAnswer?: MockAnswer;
  drafts?: GeneratedContent[];
  answers?: Record<string, MockAnswer>;
  at?: string;
} = {}) => {
  seedSession();
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': companiesPage([makeCompany({ timeZone: LA })]),
    'GET /api/companies/c1': { body: makeCompany({ timeZone: LA }) },
    'GET /api/campaigns/k1': { body: spring },
    'GET /api/campaigns/k2': { body: market },
    'GET /api/companies/c1/usage': {
      body: {
        effectiveTier: 'intro',
        entitlement: 'trial',
        generations: { used: 0, limit: 1, resetsAt: '2026-11-28T08:00:00.000Z' },
        timeZone: LA,
      },
    },
    'GET /api/companies/c1/platform-credentials': { body: [makeCredential()] },
    [POSTS]: postsAnswer ?? { body: { ...makeContentList(posts), limit: 100 } },
    [DRAFTS]: { body: makeContentList(drafts) },
    ...answers,
  });
  const utils = renderScreen('/dashboard/company/:companyId/calendar', <CalendarPage />, { at });
  return { ...utils, fetchMock };
};

const dayCell = (name: RegExp) =>
  screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

beforeEach(() => {
  // Only the clock: SWR's and the toasts' timers run as they do in the app.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('calendar', () => {
  it('shows the week in the company’s zone with the posts of every campaign, today marked', async () => {
    const { fetchMock } = renderCalendar();

    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByText('Every campaign’s posts, in Los Angeles time.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Nov 22 – 28, 2026' }),
    ).toBeInTheDocument();

    // The API is asked for the week from Sunday's midnight to the next, in Los Angeles.
    await waitFor(() => {
      const url = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .find((call) => call.pathname === '/api/companies/c1/posts');
      expect(url?.searchParams.get('from')).toBe('2026-11-22T08:00:00.000Z');
      expect(url?.searchParams.get('to')).toBe('2026-11-29T08:00:00.000Z');
    });

    const friday = dayCell(/^Friday, November 27, today, 1 post$/);
    expect(friday).toHaveAttribute('aria-current', 'date');
    expect(
      await within(friday).findByRole('link', {
        name: /^9:00 AM, X \(Twitter\) post of Spring loaves, Scheduled: Fresh sourdough/,
      }),
    ).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k1?platform=twitter&status=scheduled#content',
    );

    // Published on Monday evening in Los Angeles, though Tuesday in UTC.
    const monday = dayCell(/^Monday, November 23, 1 post$/);
    expect(
      within(monday).getByRole('link', {
        name: /^5:30 PM, LinkedIn post of Winter market, Published: The winter market/,
      }),
    ).toBeInTheDocument();
    expect(within(monday).getByText('Published')).toBeInTheDocument();

    const wednesday = dayCell(/^Wednesday, November 25, 1 post$/);
    expect(within(wednesday).getByText('Failed')).toBeInTheDocument();
    expect(
      within(wednesday).getByRole('link', { name: /Failed: Rye is back/ }),
    ).toBeInTheDocument();

    // Only a scheduled post moves: by its handle, or by its Move button.
    expect(
      within(friday).getByRole('button', {
        name: /^Drag 9:00 AM, X \(Twitter\) post of Spring loaves/,
      }),
    ).toBeInTheDocument();
    expect(within(friday).getByRole('button', { name: /^Move 9:00 AM/ })).toBeInTheDocument();
    expect(within(wednesday).queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
  });

  it('says when the week is empty, and steps to other weeks and to the month', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderCalendar({ posts: [] });

    expect(await screen.findByText('No posts this week')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Nov 29 – Dec 5, 2026' }),
    ).toBeInTheDocument();
    expect(window.location.search).toBe('?date=2026-12-04');

    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'December 2026' })).toBeInTheDocument();
    expect(await screen.findByText('No posts this month')).toBeInTheDocument();
    await waitFor(() => {
      const last = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((call) => call.pathname === '/api/companies/c1/posts')
        .at(-1);
      // Nov 29 to Jan 2: five whole weeks.
      expect(last?.searchParams.get('from')).toBe('2026-11-29T08:00:00.000Z');
      expect(last?.searchParams.get('to')).toBe('2027-01-03T08:00:00.000Z');
    });

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
  });

  it('says when the calendar cannot be read, and tries again', async () => {
    const user = userEvent.setup();
    // Every read fails until the owner tries again.
    let failing = true;
    renderCalendar({
      postsAnswer: () =>
        Promise.resolve(
          failing
            ? jsonResponse({ statusCode: 500, message: 'Down', error: 'Error' }, 500)
            : jsonResponse(makeContentList([scheduled])),
        ),
    });

    expect(await screen.findByText('The calendar could not be loaded.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('link', { name: /Scheduled: Fresh sourdough/ }),
    ).toBeInTheDocument();
  });

  it('lists the drafts waiting and approves them all, saying where each went', async () => {
    const user = userEvent.setup();
    const drafts = [draft('d1'), draft('d2', 'k2'), draft('d3')];
    const answer: PostApprovals = {
      results: [
        {
          contentId: 'd1',
          outcome: 'scheduled',
          campaignId: 'k1',
          scheduledFor: '2026-11-30T17:00:00.000Z',
        },
        {
          contentId: 'd2',
          outcome: 'approved',
          campaignId: 'k2',
          code: 'CAMPAIGN_NOT_ACTIVE',
          message: BULK_APPROVE_MESSAGES.campaignNotActive,
        },
        {
          contentId: 'd3',
          outcome: 'scheduled',
          campaignId: 'k1',
          scheduledFor: '2026-12-02T17:00:00.000Z',
        },
      ],
    };
    const { fetchMock } = renderCalendar({ drafts, answers: { [APPROVE_ALL]: { body: answer } } });

    const panel = await screen.findByRole('region', { name: /Needs review/ });
    expect(
      await within(panel).findAllByRole('button', { name: /^Approve X \(Twitter\) post/ }),
    ).toHaveLength(3);
    expect(
      within(panel).getByRole('button', {
        name: 'Request changes to X (Twitter) post of Winter market',
      }),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Approve all' }));

    const outcomes = await within(panel).findByTestId('approval-outcomes');
    // The button pressed is gone with the drafts: the outcomes take focus.
    await waitFor(() => expect(outcomes).toHaveFocus());
    expect(within(outcomes).getByText('2 of 3 scheduled')).toBeInTheDocument();
    expect(
      within(outcomes).getByText('Scheduled Mon, Nov 30 at 9:00 AM, Los Angeles time'),
    ).toBeInTheDocument();
    expect(
      within(outcomes).getByText('Scheduled Wed, Dec 2 at 9:00 AM, Los Angeles time'),
    ).toBeInTheDocument();
    expect(within(outcomes).getByText(BULK_APPROVE_MESSAGES.campaignNotActive)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, APPROVE_ALL)).toEqual([{ contentIds: ['d1', 'd2', 'd3'] }]);
    // The calendar and the drafts are read again.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([input]) => String(input).includes('/posts/drafts')).length,
      ).toBeGreaterThan(1),
    );
  });

  it('opens at the drafts waiting from a link to #needs-review', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      renderCalendar({ drafts: [draft('d1')], at: '/dashboard/company/c1/calendar#needs-review' });
      const panel = await screen.findByRole('region', { name: /Needs review/ });
      await waitFor(() => expect(scrolled).toHaveBeenCalled());
      expect(scrolled.mock.contexts[0]).toBe(panel);
    } finally {
      // jsdom has none.
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('approves one draft, says when it goes out, and keeps focus in the list', async () => {
    const user = userEvent.setup();
    let approved = false;
    const { fetchMock } = renderCalendar({
      answers: {
        // The draft waits until it is approved.
        [DRAFTS]: () =>
          Promise.resolve(jsonResponse(makeContentList(approved ? [] : [draft('d1')]))),
        'POST /api/campaigns/k1/content/d1/approve': () => {
          approved = true;
          return Promise.resolve(
            jsonResponse({
              content: {
                ...draft('d1'),
                status: 'scheduled',
                scheduledFor: '2026-11-30T17:00:00.000Z',
              },
              generationId: null,
            }),
          );
        },
      },
    });

    await user.click(
      await screen.findByRole('button', { name: 'Approve X (Twitter) post of Spring loaves' }),
    );

    expect(
      await screen.findByText(
        'Content approved successfully: it goes out Mon, Nov 30 at 9:00 AM, Los Angeles time',
      ),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k1/content/d1/approve')).toEqual([
      { status: 'approved' },
    ]);
    expect(await screen.findByText('Nothing waits for your review.')).toBeInTheDocument();
    // The button pressed left with its draft: focus is on the list's heading, not lost.
    expect(screen.getByRole('heading', { level: 2, name: /^Needs review/ })).toHaveFocus();
  });

  it('opens Request Changes of the content section for a draft', async () => {
    const user = userEvent.setup();
    renderCalendar({ drafts: [draft('d1')] });

    await user.click(
      await screen.findByRole('button', {
        name: 'Request changes to X (Twitter) post of Spring loaves',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request Changes' });
    await user.click(within(dialog).getByRole('button', { name: /Direct Edit/i }));
    expect(await screen.findByRole('dialog', { name: 'Edit the post' })).toBeInTheDocument();
    expect(screen.getByLabelText('Post text')).toHaveValue('Draft d1 about our bread');
  });

  it('moves a scheduled post with the Move dialog (the keyboard’s way)', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderCalendar({
      answers: {
        'GET /api/campaigns/k1/content/p1/slots': {
          body: { slots: ['2026-11-30T17:00:00.000Z', '2026-12-02T17:00:00.000Z'], timeZone: LA },
        },
        'POST /api/campaigns/k1/content/p1/schedule': {
          body: { ...scheduled, scheduledFor: '2026-12-02T17:00:00.000Z' },
        },
      },
    });

    await user.click(
      await screen.findByRole('button', { name: /^Move 9:00 AM, X \(Twitter\) post/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move post' });
    await user.selectOptions(
      await within(dialog).findByLabelText('Another free time'),
      'Wed, Dec 2 at 9:00 AM, Los Angeles time',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k1/content/p1/schedule')).toEqual([
        { scheduledFor: '2026-12-02T17:00:00.000Z' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is a day-by-day list on a phone', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({ ...matchMedia(query), matches: query === '(max-width: 767px)' }) as MediaQueryList;
    try {
      renderCalendar();
      const list = (
        await screen.findByRole('heading', { level: 3, name: /^Monday, November 23/ })
      ).closest('ol') as HTMLElement;
      const headings = within(list).getAllByRole('heading', { level: 3 });
      // Only the days with posts, in order.
      expect(headings.map((heading) => heading.textContent)).toEqual([
        'Monday, November 23',
        'Wednesday, November 25',
        'Friday, November 27Today',
      ]);
      expect(within(list).getByRole('button', { name: /^Move 9:00 AM/ })).toBeInTheDocument();
      expect(within(list).queryByRole('button', { name: /^Drag/ })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('on a phone, says why a Best times post has its slot and what a published one did', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({ ...matchMedia(query), matches: query === '(max-width: 767px)' }) as MediaQueryList;
    try {
      renderCalendar({
        posts: [
          { ...scheduled, slotReason: 'trying Friday morning' },
          {
            ...published,
            results: {
              impressions: 1520,
              engagements: 38,
              engagementRate: 0.025,
              collectedAt: '2026-11-25T01:35:00.000Z',
              age: '24h',
            },
          },
        ],
      });
      await screen.findByRole('heading', { level: 3, name: /^Monday, November 23/ });
      const post = (id: string) =>
        document.querySelector(`[data-layout="agenda"] [data-post-id="${id}"]`) as HTMLElement;
      expect(post('p1')).toHaveTextContent('Trying Friday morning');
      expect(post('p2')).toHaveTextContent('1,520 impressions · 38 engagements · 2.5%');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
