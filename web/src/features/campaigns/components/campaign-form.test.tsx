import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodiesSentTo,
  deferredAnswer,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import {
  companiesPage,
  makeCampaign,
  makeCompany,
  makeCredential,
  makeMediaAsset,
  seedSession,
} from '#web/test/fixtures';
import { acceptAnalytics, trackedEvents } from '#web/test/analytics';
import { PathProbe, renderScreen } from '#web/test/render';
import type { BestTimes } from '#shared/contract/performance';
import type { DayKind, DayPart, TimeWindow } from '#shared/domain/post-results';
import { EditCampaignPage } from '../edit-campaign-page';
import { NewCampaignPage } from '../new-campaign-page';

/** 06:00 UTC on Nov 10 is still Nov 9 in Los Angeles, the company's zone. */
const NOW = new Date('2026-11-10T06:00:00.000Z');

const COMPANY_ANSWERS: Record<string, MockAnswer> = {
  'GET /api/companies/user/u1': companiesPage([makeCompany()]),
  'GET /api/companies/c1': { body: makeCompany() },
  'GET /api/companies/c1/platform-credentials': {
    body: [
      makeCredential(),
      makeCredential({
        _id: 'cred-in',
        platform: 'linkedin',
        handle: 'Maya Lopez',
        metadata: { connected: false },
      }),
    ],
  },
  // The AI generator's tab reads these as the page opens.
  'GET /api/ai/companies/c1/campaign-history': { body: { historyId: null, versions: [] } },
  'GET /api/ai/campaign-suggestions/c1': { body: { suggestions: [], source: 'offline' } },
};

const screens = [
  { path: '/dashboard/company/:companyId/campaigns', element: <PathProbe name="list" /> },
  {
    path: '/dashboard/company/:companyId/campaigns/:campaignId',
    element: <PathProbe name="detail" />,
  },
  { path: '/dashboard/company/:companyId/platforms', element: <PathProbe name="platforms" /> },
];

/** The new campaign page on its 'Manual Campaign Creation' tab (it opens on the generator). */
const renderNew = async (answers: Record<string, MockAnswer> = {}) => {
  seedSession();
  const fetchMock = mockFetch({ ...COMPANY_ANSWERS, ...answers });
  renderScreen('/dashboard/company/:companyId/campaigns/new', <NewCampaignPage />, {
    at: '/dashboard/company/c1/campaigns/new',
    routes: screens,
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Manual Campaign Creation' }));
  await screen.findByLabelText('Campaign Name');
  return { fetchMock, user };
};

/** The manual tab's panel (the generator's, hidden, has a 'Campaign Intention' too). */
const manualTab = () => within(screen.getByRole('tabpanel', { name: 'Manual Campaign Creation' }));

const renderEdit = async (answers: Record<string, MockAnswer> = {}) => {
  seedSession();
  const fetchMock = mockFetch({
    ...COMPANY_ANSWERS,
    'GET /api/campaigns/k1': { body: makeCampaign() },
    ...answers,
  });
  renderScreen('/dashboard/company/:companyId/campaigns/:campaignId/edit', <EditCampaignPage />, {
    at: '/dashboard/company/c1/campaigns/k1/edit',
    routes: screens,
  });
  return { fetchMock, user: userEvent.setup() };
};

const bestWindow = (window: TimeWindow, posts: number, evidence: string) => {
  const [kind, part] = window.split('-') as [DayKind, DayPart];
  return { window, kind, part, posts, relativeToMedian: null, expected: 1, evidence };
};

/** X's suggestions after 15 results (LinkedIn's are not the campaign's). */
const makeBestTimes = (): BestTimes => ({
  timeZone: 'America/Los_Angeles',
  platforms: [
    {
      platform: 'twitter',
      resultCount: 15,
      period: { from: '2026-09-01T07:00:00.000Z', to: '2026-11-10T08:00:00.000Z' },
      mostlyStartingGuess: false,
      medianEngagementRate: 0.02,
      windows: [
        bestWindow('weekday-morning', 12, '12 posts, 2.4× your median'),
        bestWindow('weekend-evening', 0, 'no posts yet'),
        bestWindow('weekday-midday', 3, '3 posts, 0.8× your median'),
        bestWindow('weekday-evening', 0, 'no posts yet'),
      ],
    },
    {
      platform: 'linkedin',
      resultCount: 0,
      period: { from: '2026-11-10T08:00:00.000Z', to: '2026-11-10T08:00:00.000Z' },
      mostlyStartingGuess: true,
      medianEngagementRate: null,
      windows: [bestWindow('weekday-midday', 0, 'no posts yet')],
    },
  ],
});

const sentence = () => screen.getByText('Posts go out').nextElementSibling!;
const dayBox = (name: string) => screen.getByRole('checkbox', { name });
const timeInput = () => screen.getByLabelText('Posting time to add');
const addTime = (time: string) => {
  fireEvent.change(timeInput(), { target: { value: time } });
  fireEvent.click(screen.getByRole('button', { name: 'Add time' }));
};
const chips = () =>
  within(screen.getByRole('list', { name: 'Posting times' }))
    .queryAllByRole('listitem')
    .map((chip) => chip.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('new campaign', () => {
  it("starts as a draft, personal storytelling, today to 30 days later in the company's zone", async () => {
    await renderNew();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Campaign' })).toBeInTheDocument();
    expect(screen.getByText('Harbor Coffee', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Campaigns' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns',
    );
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    expect(manualTab().getByLabelText('Campaign Intention')).toHaveValue('personal-storytelling');
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-11-09');
    expect(screen.getByLabelText('End Date')).toHaveValue('2026-12-09');
    expect(screen.getByLabelText('End Date')).toHaveAttribute('min', '2026-11-09');
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toMatch(
      /^Los Angeles time \(UTC−[78]\)$/,
    );
    expect(sentence()).toHaveTextContent('Weekdays at 9:00, Los Angeles time');
    expect(
      screen.getByText('Media upload will be available after campaign creation'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create Campaign' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns',
    );
  });

  it('shows the two tabs, the generator first; the manual form keeps what was typed', async () => {
    const { user } = await renderNew();
    const manual = screen.getByRole('tab', { name: 'Manual Campaign Creation' });
    const ai = screen.getByRole('tab', { name: 'AI Campaign Generator' });
    expect(manual).toHaveAttribute('aria-selected', 'true');
    expect(ai).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tablist')).toHaveTextContent(
      'AI Campaign GeneratorManual Campaign Creation',
    );

    await user.type(screen.getByLabelText('Campaign Name'), 'Spring menu');
    // The arrow keys move between the tabs.
    manual.focus();
    await user.keyboard('{ArrowLeft}');
    expect(ai).toHaveFocus();
    expect(ai).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('Campaign Description')).toBeVisible();
    expect(screen.getByLabelText('Campaign Name')).not.toBeVisible();

    await user.keyboard('{ArrowRight}');
    expect(manual).toHaveAttribute('aria-selected', 'true');
    // The form kept what was typed.
    expect(screen.getByLabelText('Campaign Name')).toHaveValue('Spring menu');
  });

  it('offers the connected platforms only', async () => {
    await renderNew();
    const platforms = screen.getByRole('group', { name: 'Platforms' });
    expect(within(platforms).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(platforms).getByRole('checkbox', { name: 'X (Twitter)' })).not.toBeChecked();
  });

  it('says no platform is connected, with a link to the Platforms section', async () => {
    await renderNew({ 'GET /api/companies/c1/platform-credentials': { body: [] } });
    expect(await screen.findByText(/No platforms are connected yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a platform' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/platforms',
    );
    expect(screen.queryByRole('checkbox', { name: 'X (Twitter)' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load connected platforms' and offers to read them again", async () => {
    await renderNew({
      'GET /api/companies/c1/platform-credentials': {
        status: 503,
        body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Down', error: 'x' },
      },
    });
    expect(
      await screen.findByText('Failed to load connected platforms', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('The connected platforms could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("holds the form to the contract's rules and messages, sending nothing", async () => {
    const { user, fetchMock } = await renderNew();
    await user.clear(screen.getByLabelText('End Date'));
    await user.type(screen.getByLabelText('End Date'), '2026-11-01');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(dayBox(day));
    }
    await user.click(screen.getByRole('button', { name: 'Remove 9:00' }));
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));

    expect(await screen.findByText('Campaign name is required')).toBeInTheDocument();
    expect(screen.getByText('End date cannot be before start date')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one posting day')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one posting time')).toBeInTheDocument();
    // The form moves focus to the first invalid field once it has painted the errors.
    await waitFor(() => expect(screen.getByLabelText('Campaign Name')).toHaveFocus());
    expect(screen.getByLabelText('Campaign Name')).toHaveAccessibleDescription(
      'Campaign name is required',
    );
    expect(sentence()).toHaveTextContent(
      'Choose at least one day and one time to see when posts go out.',
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns')).toHaveLength(0);
  });

  it('adds and removes key messages; focus follows', async () => {
    const { user } = await renderNew();
    const message = (n: number) => screen.getByRole('textbox', { name: `Key message ${n}` });
    await user.type(message(1), 'Roasted in Portland');
    await user.click(screen.getByRole('button', { name: 'Add key message' }));
    expect(message(2)).toHaveFocus();
    await user.keyboard('Notes of fig');
    await user.click(screen.getByRole('button', { name: 'Add key message' }));
    await user.keyboard('Saturday tastings');
    expect(screen.getAllByRole('textbox', { name: /^Key message \d$/ })).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remove key message 1' }));
    expect(screen.getAllByRole('textbox', { name: /^Key message \d$/ })).toHaveLength(2);
    expect(message(1)).toHaveValue('Notes of fig');
    expect(message(1)).toHaveFocus();
    expect(screen.getByText('Key message 1 removed.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove key message 2' }));
    expect(screen.getByRole('button', { name: 'Add key message' })).toHaveFocus();
  });

  it('builds the schedule from day toggles and time chips, and says when posts go out', async () => {
    const { user } = await renderNew();
    await user.click(dayBox('Tuesday'));
    await user.click(dayBox('Thursday'));
    expect(dayBox('Monday')).toBeChecked();
    expect(dayBox('Tuesday')).not.toBeChecked();
    addTime('17:30');
    expect(chips()).toEqual(['9:00', '17:30']);
    await user.click(screen.getByLabelText('Time zone'));
    await user.keyboard('new york');
    await user.click(screen.getByRole('option', { name: /^New York time/ }));
    expect(sentence()).toHaveTextContent('Mon, Wed, Fri at 9:00 and 17:30, New York time');
    expect(sentence()).toHaveAttribute('role', 'status');

    // Times stay in order and each once.
    addTime('07:15');
    expect(chips()).toEqual(['7:15', '9:00', '17:30']);
    addTime('09:00');
    expect(screen.getByText('9:00 is already a posting time')).toBeInTheDocument();
    expect(chips()).toEqual(['7:15', '9:00', '17:30']);

    await user.click(screen.getByRole('button', { name: 'Remove 9:00' }));
    expect(chips()).toEqual(['7:15', '17:30']);
    expect(screen.getByRole('button', { name: 'Remove 17:30' })).toHaveFocus();

    await user.click(dayBox('Saturday'));
    await user.click(dayBox('Sunday'));
    await user.click(dayBox('Tuesday'));
    await user.click(dayBox('Thursday'));
    expect(sentence()).toHaveTextContent('Every day at 7:15 and 17:30, New York time');
  });

  it('offers Best times beside fixed times, with the suggested windows in both modes', async () => {
    const { user, fetchMock } = await renderNew({
      'GET /api/companies/c1/performance/best-times': { body: makeBestTimes() },
      'POST /api/campaigns': { status: 201, body: makeCampaign({ _id: 'k9' }) },
    });
    const fixed = screen.getByRole('radio', { name: 'Fixed days and times' });
    const best = screen.getByRole('radio', { name: 'Best times' });
    expect(fixed).toBeChecked();
    // The windows of the campaign's platforms only: none chosen, none shown.
    expect(screen.queryByTestId('suggested-windows')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'X (Twitter)' }));
    const suggested = await screen.findByTestId('suggested-windows');
    expect(
      within(suggested)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Weekday mornings12 posts, 2.4× your median',
      'Weekend eveningsno posts yet',
      'Weekday middays3 posts, 0.8× your median',
    ]);
    expect(suggested).toHaveTextContent('From 15 posts with results, Sep 1 – Nov 9, 2026.');
    expect(sentence()).toHaveTextContent('Weekdays at 9:00, Los Angeles time');

    await user.click(best);
    expect(best).toBeChecked();
    expect(sentence()).toHaveTextContent(
      'At the best free time window for each platform, Los Angeles time',
    );
    // Still there in Best times mode.
    expect(screen.getByTestId('suggested-windows')).toHaveTextContent('Weekday mornings');
    await user.type(screen.getByLabelText('Campaign Name'), 'Spring menu');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Screen: detail')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns')).toEqual([
      expect.objectContaining({
        schedule: {
          timeZone: 'America/Los_Angeles',
          days: ['mon', 'tue', 'wed', 'thu', 'fri'],
          times: ['09:00'],
          mode: 'bestTimes',
        },
      }),
    ]);
  });

  it('takes at most 6 posting times', async () => {
    await renderNew();
    for (const time of ['10:00', '11:00', '12:00', '13:00', '14:00']) addTime(time);
    expect(chips()).toHaveLength(6);
    expect(timeInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add time' })).toBeDisabled();
    expect(screen.getByText('At most 6 posting times a day.')).toBeInTheDocument();
  });

  it("creates the campaign with every field, says 'Campaign created successfully' and opens it", async () => {
    acceptAnalytics();
    const { user, fetchMock } = await renderNew({
      'POST /api/campaigns': { status: 201, body: makeCampaign({ _id: 'k9' }) },
    });
    await user.type(screen.getByLabelText('Campaign Name'), '  Spring menu ');
    await user.click(screen.getByLabelText('Description'));
    await user.paste('New dishes for spring.');
    await user.selectOptions(manualTab().getByLabelText('Campaign Intention'), 'product-launch');
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await user.click(screen.getByRole('checkbox', { name: 'X (Twitter)' }));
    await user.click(screen.getByLabelText('Brand Voice'));
    await user.paste('Bright and fresh.');
    await user.type(screen.getByRole('textbox', { name: 'Key message 1' }), 'Local greens');
    await user.click(screen.getByRole('button', { name: 'Add key message' }));
    await user.click(screen.getByLabelText('Content Instructions'));
    await user.paste('No discounts.');
    await user.click(dayBox('Tuesday'));
    await user.click(dayBox('Thursday'));
    addTime('17:30');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));

    expect(await screen.findByText('Screen: detail')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/company/c1/campaigns/k9');
    expect(await screen.findByText('Campaign created successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns')).toEqual([
      {
        company: 'c1',
        name: 'Spring menu',
        description: 'New dishes for spring.',
        campaignIntention: 'product-launch',
        startDate: '2026-11-09',
        endDate: '2026-12-09',
        status: 'active',
        platforms: ['twitter'],
        contentSeeds: {
          brandVoice: 'Bright and fresh.',
          keyMessages: ['Local greens'],
          contentInstructions: 'No discounts.',
        },
        schedule: {
          timeZone: 'America/Los_Angeles',
          days: ['mon', 'wed', 'fri'],
          times: ['09:00', '17:30'],
          mode: 'fixed',
        },
      },
    ]);
    expect(trackedEvents()).toEqual([{ name: 'campaign_create', params: { source: 'manual' } }]);
  });

  it("shows the server's refusal at the fields it names, focused, without a toast", async () => {
    const { user } = await renderNew({
      'POST /api/campaigns': {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Campaign name is taken. Posting times look like 09:00 or 17:30',
          error: 'Bad Request',
          fields: {
            name: 'Campaign name is taken',
            'schedule.times.0': 'Posting times look like 09:00 or 17:30',
            'contentSeeds.brandVoice': 'Brand voice must be at most 1000 characters',
          },
        },
      },
    });
    await user.type(screen.getByLabelText('Campaign Name'), 'Spring menu');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Campaign Name')).toHaveAccessibleDescription(
        'Campaign name is taken',
      ),
    );
    expect(screen.getByLabelText('Brand Voice')).toHaveAccessibleDescription(
      'Brand voice must be at most 1000 characters',
    );
    expect(timeInput()).toHaveAccessibleDescription('Posting times look like 09:00 or 17:30');
    expect(screen.getByLabelText('Campaign Name')).toHaveValue('Spring menu');
    await waitFor(() => expect(screen.getByLabelText('Campaign Name')).toHaveFocus());
    expect(screen.queryByText(/^Failed to create campaign/)).not.toBeInTheDocument();
  });

  it("says 'Failed to create campaign: {message}' in a toast when the refusal names no field", async () => {
    const { user } = await renderNew({
      'POST /api/campaigns': {
        status: 503,
        body: {
          statusCode: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is busy. Please try again in a minute',
          error: 'Service Unavailable',
        },
      },
    });
    await user.type(screen.getByLabelText('Campaign Name'), 'Spring menu');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(
      await screen.findByText(
        'Failed to create campaign: The service is busy. Please try again in a minute',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Campaign Name')).not.toHaveAccessibleDescription();
  });

  it('names a platform the server says is not connected at the platforms, without a toast', async () => {
    const { user } = await renderNew({
      'POST /api/campaigns': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'PLATFORM_NOT_CONNECTED',
          message: 'X (Twitter) is not connected',
          error: 'Conflict',
        },
      },
    });
    await user.type(screen.getByLabelText('Campaign Name'), 'Spring menu');
    await user.click(screen.getByRole('checkbox', { name: 'X (Twitter)' }));
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Platforms' })).toHaveAccessibleDescription(
        'X (Twitter) is not connected',
      ),
    );
    expect(screen.queryByText(/^Failed to create campaign/)).not.toBeInTheDocument();
  });
});

describe('edit campaign', () => {
  it("is filled in from the campaign, its dates the days they are in the campaign's zone", async () => {
    await renderEdit();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Campaign' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Campaign Name')).toHaveValue('Autumn blend launch');
    expect(screen.getByLabelText('Campaign Intention')).toHaveValue('product-launch');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-11-10');
    expect(screen.getByLabelText('End Date')).toHaveValue('2026-12-10');
    expect(screen.getByRole('checkbox', { name: 'X (Twitter)' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Key message 2' })).toHaveValue(
      'Notes of fig and cocoa',
    );
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toMatch(
      /^New York time \(UTC−[45]\)$/,
    );
    expect(sentence()).toHaveTextContent('Mon, Wed, Fri at 9:00 and 17:30, New York time');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k1',
    );
    // Media belong to a saved campaign: managed here too.
    expect(screen.getByRole('heading', { level: 2, name: 'Media Assets' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Media' })).toBeEnabled();
  });

  it("saves with PUT ('Saving...' meanwhile), says 'Campaign updated successfully' and opens it", async () => {
    const saved = deferredAnswer();
    const { user, fetchMock } = await renderEdit({ 'PUT /api/campaigns/k1': saved.answer });
    await screen.findByLabelText('Campaign Name');
    await user.clear(screen.getByLabelText('Campaign Name'));
    await user.type(screen.getByLabelText('Campaign Name'), 'Autumn blend');
    await user.click(screen.getByRole('button', { name: 'Remove key message 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    expect(screen.getByLabelText('Campaign Name')).toBeDisabled();
    await act(async () => saved.resolve(jsonResponse(makeCampaign({ name: 'Autumn blend' }))));

    expect(await screen.findByText('Screen: detail')).toBeInTheDocument();
    expect(await screen.findByText('Campaign updated successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/campaigns/k1')).toEqual([
      {
        name: 'Autumn blend',
        description: 'Three weeks of posts for the new autumn blend.',
        campaignIntention: 'product-launch',
        startDate: '2026-11-10',
        endDate: '2026-12-10',
        status: 'active',
        platforms: ['twitter'],
        contentSeeds: {
          brandVoice: 'Cosy and unhurried.',
          keyMessages: ['Notes of fig and cocoa'],
          contentInstructions: 'Mention the tasting on Saturdays.',
        },
        schedule: {
          timeZone: 'America/New_York',
          days: ['mon', 'wed', 'fri'],
          times: ['09:00', '17:30'],
          mode: 'fixed',
        },
      },
    ]);
  });

  it('keeps a platform the campaign has that is no longer connected, marked so', async () => {
    await renderEdit({
      'GET /api/campaigns/k1': { body: makeCampaign({ platforms: ['twitter', 'linkedin'] }) },
    });
    const linkedin = await screen.findByRole('checkbox', { name: 'LinkedIn' });
    expect(linkedin).toBeChecked();
    expect(linkedin).toHaveAccessibleDescription('Not connected: connect it again, or untick it');
  });

  it('shows the media of the campaign', async () => {
    await renderEdit({
      'GET /api/campaigns/k1': {
        body: makeCampaign({
          contentSeeds: { ...makeCampaign().contentSeeds, mediaAssets: [makeMediaAsset()] },
        }),
      },
    });
    const grid = await screen.findByRole('list', { name: 'Media files' });
    expect(within(grid).getByText('Latte art on the bar')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved edits', async () => {
    const { user } = await renderEdit();
    await user.type(await screen.findByLabelText('Campaign Name'), ' 2');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Screen: detail')).toBeInTheDocument();
  });

  it("says 'Failed to load campaign: {message}' and goes back to the list", async () => {
    await renderEdit({
      'GET /api/campaigns/k1': {
        status: 404,
        body: {
          statusCode: 404,
          code: 'CAMPAIGN_NOT_FOUND',
          message: 'Campaign not found',
          error: 'Not Found',
        },
      },
    });
    expect(await screen.findByText('Screen: list')).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to load campaign: Campaign not found'),
    ).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/company/c1/campaigns'));
  });
});
