import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignHistory, Generation } from '#shared/contract/ai';
import { INVALID_WEBSITE_MESSAGE } from '#shared/contract/companies';
import { AI_CAMPAIGN_TEXTS, GENERATION_POLL_MS } from '#shared/domain/ai-campaigns';
import { installFakeXhr } from '#web/test/fake-xhr';
import {
  bodiesSentTo,
  callKeys,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import {
  makeCampaign,
  makeCampaignAnalysis,
  makeCampaignDraft,
  makeCampaignHistory,
  makeCompany,
  makeGeneration,
  makeMediaAsset,
  seedSession,
} from '#web/test/fixtures';
import { PathProbe, renderScreen } from '#web/test/render';
import { NewCampaignPage } from '../new-campaign-page';
import { GENERATOR_TEXTS } from './generator-texts';
import { mediaBytes } from '#web/test/media-bytes';

const IDEAS = [
  'Introduce the autumn blend with a week of tasting notes',
  'Celebrate five years of Harbor Coffee with regulars’ stories',
  'Promote Saturday cuppings for home brewers',
];

const HISTORY_KEY = 'GET /api/ai/companies/c1/campaign-history';
const generationKey = (id: string) => `GET /api/ai/generations/${id}`;

/** Answers each body in turn, then the last one again and again (a generation being polled). */
const inTurn =
  (status: number, ...bodies: unknown[]): MockAnswer =>
  () => {
    const body = bodies.length > 1 ? bodies.shift() : bodies[0];
    return Promise.resolve(jsonResponse(body, status));
  };
const sequence = (...bodies: unknown[]) => inTurn(200, ...bodies);

/** POST generate or refine: 202 with the generation to poll (the next one on each call). */
const started = (...generationIds: string[]): MockAnswer =>
  inTurn(202, ...generationIds.map((generationId) => ({ generationId, historyId: 'h1' })));

const refusal = (status: number, code: string, message: string, fields?: object) => ({
  status,
  body: { statusCode: status, code, message, error: 'Error', ...(fields ? { fields } : {}) },
});

/** A second version: the refinement of version 1 with feedback. */
const refinedVersion = (overrides: Partial<Generation> = {}) =>
  makeGeneration({
    _id: 'g2',
    kind: 'refine',
    version: 2,
    input: { ...makeGeneration().input, feedback: 'Make it more playful' },
    data: {
      campaign: makeCampaignDraft({ name: 'Autumn Blend, Playfully' }),
      analysis: makeCampaignAnalysis({
        feedbackAnalysis: { sentimentScore: 0.8, keyPoints: ['More playful tone'] },
      }),
    },
    createdAt: '2026-11-10T17:05:00.000Z',
    finishedAt: '2026-11-10T17:05:20.000Z',
    ...overrides,
  });

const renderGenerator = async ({
  history = makeCampaignHistory(),
  answers = {},
  waitFor: ready = 'Campaign Description',
}: {
  history?: CampaignHistory | MockAnswer;
  answers?: Record<string, MockAnswer>;
  waitFor?: string;
} = {}) => {
  seedSession();
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': { body: { data: [makeCompany()], total: 1 } },
    'GET /api/companies/c1': { body: makeCompany() },
    'GET /api/companies/c1/platform-credentials': { body: [] },
    [HISTORY_KEY]: 'versions' in history ? { body: history } : history,
    'GET /api/ai/campaign-suggestions/c1': { body: { suggestions: IDEAS, source: 'openai' } },
    ...answers,
  });
  const { router } = renderScreen(
    '/dashboard/company/:companyId/campaigns/new',
    <NewCampaignPage />,
    {
      at: '/dashboard/company/c1/campaigns/new',
      routes: [
        { path: '/dashboard/company/:companyId/campaigns', element: <PathProbe name="list" /> },
        {
          path: '/dashboard/company/:companyId/campaigns/:campaignId',
          element: <PathProbe name="detail" />,
        },
      ],
    },
  );
  await screen.findByLabelText(ready);
  // With the clock faked, user-event's own pauses move it on.
  const user = userEvent.setup({
    applyAccept: false,
    ...(vi.isFakeTimers() ? { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } : {}),
  });
  return { fetchMock, router, user };
};

const generator = () => screen.getByRole('tabpanel', { name: 'AI Campaign Generator' });
// Only the generator has these (its panel stays mounted, hidden, on the manual tab).
const description = () => screen.getByLabelText('Campaign Description');
const feedback = () => screen.getByLabelText('Provide Feedback');
const pollsOf = (fetchMock: ReturnType<typeof mockFetch>, id: string) =>
  callKeys(fetchMock).filter((key) => key === generationKey(id)).length;
const draftHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

afterEach(() => {
  vi.useRealTimers();
});

describe('step one', () => {
  it("opens on the generator: an empty panel, the company's website, personal storytelling", async () => {
    const { user } = await renderGenerator();
    expect(screen.getByRole('tab', { name: 'AI Campaign Generator' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = generator();
    expect(within(panel).getByRole('heading', { name: 'No Campaign Generated Yet' })).toBeVisible();
    expect(within(panel).getByLabelText('Campaign Intention')).toHaveValue('personal-storytelling');
    expect(within(panel).getByLabelText('Website 1')).toHaveValue('https://www.harbor.coffee');
    expect(within(panel).getByRole('button', { name: 'Generate Campaign' })).toBeEnabled();

    // The manual tab is still the campaign form.
    await user.click(screen.getByRole('tab', { name: 'Manual Campaign Creation' }));
    expect(screen.getByLabelText('Campaign Name')).toBeVisible();
    expect(description()).not.toBeVisible();
  });

  it('asks for a description (blank after trimming) and valid websites, sending nothing', async () => {
    const { user, fetchMock } = await renderGenerator();
    await user.type(description(), '   ');
    await user.clear(within(generator()).getByLabelText('Website 1'));
    await user.type(within(generator()).getByLabelText('Website 1'), 'not a site');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));

    expect(await screen.findByText('Please enter a description for your campaign')).toBeVisible();
    expect(description()).toHaveAccessibleDescription(
      'Please enter a description for your campaign',
    );
    expect(description()).toHaveFocus();
    expect(screen.getByText(INVALID_WEBSITE_MESSAGE)).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST /api/ai/generate-campaign')).toHaveLength(0);
  });

  it('fills the description with a campaign idea', async () => {
    const { user } = await renderGenerator();
    const ideas = await screen.findByRole('list', { name: 'Need an idea?' });
    await user.type(description(), 'Something else');
    await user.click(within(ideas).getByRole('button', { name: IDEAS[1] }));
    expect(description()).toHaveValue(IDEAS[1]);
    expect(description()).toHaveFocus();
  });

  it('shows no ideas when they cannot be read', async () => {
    await renderGenerator({
      answers: { 'GET /api/ai/campaign-suggestions/c1': refusal(503, 'AI_UNAVAILABLE', 'Busy') },
    });
    await waitFor(() => expect(screen.queryByText('Need an idea?')).not.toBeInTheDocument());
    expect(description()).toBeEnabled();
  });
});

describe('generating', () => {
  it('posts the brief, polls the generation with its progress, then shows the campaign and its analysis', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { user, fetchMock } = await renderGenerator({
      answers: {
        'POST /api/ai/generate-campaign': started('g1'),
        [generationKey('g1')]: sequence(
          makeGeneration({ status: 'running', stage: 'drafting', progress: 40 }),
          makeGeneration(),
        ),
      },
    });
    await user.type(description(), '  Launch our autumn blend to regulars ');
    await user.selectOptions(
      within(generator()).getByLabelText('Campaign Intention'),
      'product-launch',
    );
    await user.click(screen.getByRole('button', { name: 'Add website' }));
    await user.type(within(generator()).getByLabelText('Website 2'), 'harbor.coffee/autumn');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));

    const progress = await screen.findByRole('progressbar', { name: 'Generating your campaign' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Sailing towards your perfect campaign...')).toBeVisible();
    expect(screen.getByText('Drafting your campaign…')).toBeVisible();
    expect(description()).toBeDisabled();
    expect(bodiesSentTo(fetchMock, 'POST /api/ai/generate-campaign')).toEqual([
      {
        prompt: 'Launch our autumn blend to regulars',
        companyId: 'c1',
        campaignIntention: 'product-launch',
        websiteUrls: ['https://www.harbor.coffee', 'https://harbor.coffee/autumn'],
        mediaAssets: [],
      },
    ]);
    expect(pollsOf(fetchMock, 'g1')).toBe(1);

    // The next poll, GENERATION_POLL_MS later, finds it done.
    await act(() => vi.advanceTimersByTimeAsync(GENERATION_POLL_MS));
    const heading = await draftHeading('Autumn Blend Mornings');
    expect(pollsOf(fetchMock, 'g1')).toBe(2);
    expect(await screen.findByText('Campaign generated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('progressbar', { name: 'Generating your campaign' })).toBeNull();

    const panel = generator();
    expect(within(panel).getByText(/Four weeks of cosy posts/)).toBeVisible();
    expect(
      within(within(panel).getByRole('list', { name: 'Platforms' })).getByText('X (Twitter)'),
    ).toBeVisible();
    expect(within(panel).getByText('Warm, unhurried, a little playful.')).toBeVisible();
    expect(within(panel).getByText('Roasted in Portland every morning')).toBeVisible();
    expect(within(panel).getByText(/Mention the Saturday tastings once a week/)).toBeVisible();
    expect(
      within(panel).getByText('A product launch for the autumn blend, aimed at regulars.'),
    ).toBeVisible();
    expect(within(panel).getByText('Roasts in small batches in Portland')).toBeVisible();
    expect(within(panel).getByText('Connect LinkedIn to reach local businesses')).toBeVisible();
    expect(within(panel).queryByText('Feedback Analysis')).toBeNull();

    // Step two; one version is no history yet.
    expect(feedback()).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Generation History' })).toBeNull();
    // Nothing is polled once it is done.
    await act(() => vi.advanceTimersByTimeAsync(GENERATION_POLL_MS * 3));
    expect(pollsOf(fetchMock, 'g1')).toBe(2);
  });

  it('says why a generation failed and keeps every input', async () => {
    const { user } = await renderGenerator({
      answers: {
        'POST /api/ai/generate-campaign': started('g1'),
        [generationKey('g1')]: sequence(
          makeGeneration({ status: 'failed', error: 'The AI declined to write this campaign.' }),
        ),
      },
    });
    await user.type(description(), 'Launch our autumn blend');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));

    expect(
      await screen.findByText(
        'Failed to generate campaign: The AI declined to write this campaign.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(description()).toBeEnabled());
    expect(description()).toHaveValue('Launch our autumn blend');
    expect(within(generator()).getByLabelText('Website 1')).toHaveValue(
      'https://www.harbor.coffee',
    );
    expect(screen.getByRole('heading', { name: 'No Campaign Generated Yet' })).toBeVisible();
    await waitFor(() => expect(description()).toHaveFocus());
  });

  it.each([
    [402, 'SUBSCRIPTION_REQUIRED', 'Your trial has ended. Choose a plan to keep generating.'],
    [429, 'AI_FAIR_USE_REACHED', 'You have generated 25 campaigns today. Try again tomorrow.'],
    [503, 'AI_UNAVAILABLE', 'The AI service is busy. Please try again in a minute.'],
  ])('says what a %i refusal says and keeps the inputs', async (status, code, message) => {
    const { user, fetchMock } = await renderGenerator({
      answers: { 'POST /api/ai/generate-campaign': refusal(status, code, message) },
    });
    await user.type(description(), 'Launch our autumn blend');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));
    expect(await screen.findByText(`Failed to generate campaign: ${message}`)).toBeInTheDocument();
    expect(description()).toHaveValue('Launch our autumn blend');
    expect(description()).toBeEnabled();
    expect(callKeys(fetchMock).some((key) => key.startsWith('GET /api/ai/generations/'))).toBe(
      false,
    );
  });

  it("marks the fields a 400 names with the server's messages, focused, without a toast", async () => {
    const { user } = await renderGenerator({
      answers: {
        'POST /api/ai/generate-campaign': refusal(400, 'VALIDATION_FAILED', 'Check the websites', {
          'websiteUrls.0': 'This address can’t be read from here',
        }),
      },
    });
    await user.type(description(), 'Launch our autumn blend');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));
    const website = within(generator()).getByLabelText('Website 1');
    await waitFor(() =>
      expect(website).toHaveAccessibleDescription('This address can’t be read from here'),
    );
    await waitFor(() => expect(website).toHaveFocus());
    expect(screen.queryByText(/^Failed to generate campaign/)).not.toBeInTheDocument();
  });
});

describe('step two', () => {
  it('refines the version shown with feedback, then lists the versions and restores one', async () => {
    const { user, fetchMock } = await renderGenerator({
      history: makeCampaignHistory([makeGeneration()]),
      waitFor: 'Provide Feedback',
      answers: {
        'POST /api/ai/refine-campaign': started('g2', 'g3'),
        [generationKey('g2')]: sequence(refinedVersion()),
        [generationKey('g3')]: sequence(
          refinedVersion({
            _id: 'g3',
            version: 3,
            input: { ...makeGeneration().input, feedback: 'Shorter please' },
          }),
        ),
      },
    });
    expect(await draftHeading('Autumn Blend Mornings')).toBeVisible();

    // Feedback is required.
    await user.click(screen.getByRole('button', { name: 'Refine Campaign' }));
    expect(await screen.findByText('Please enter feedback for refinement')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST /api/ai/refine-campaign')).toHaveLength(0);

    await user.type(feedback(), 'Make it more playful');
    await user.click(screen.getByRole('button', { name: 'Refine Campaign' }));
    expect(await draftHeading('Autumn Blend, Playfully')).toBeVisible();
    expect(await screen.findByText('Campaign refined successfully!')).toBeInTheDocument();
    const first = makeGeneration();
    expect(bodiesSentTo(fetchMock, 'POST /api/ai/refine-campaign')).toEqual([
      {
        prompt: first.input.prompt,
        feedback: 'Make it more playful',
        previousCampaign: first.data!.campaign,
        websiteUrls: first.input.websiteUrls,
        companyId: 'c1',
        campaignIntention: 'product-launch',
        mediaAssets: [],
        historyId: 'h1',
      },
    ]);
    expect(feedback()).toHaveValue('');
    // The feedback's analysis: 0.8 reads Positive.
    const analysis = screen.getByRole('region', { name: 'AI Analysis' });
    expect(within(analysis).getByText('Positive')).toBeVisible();
    expect(within(analysis).getByText('More playful tone')).toBeVisible();

    // Two versions: the history, newest first, with the feedback that made each.
    const history = screen.getByRole('region', { name: 'Generation History' });
    const entries = within(history).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Version 2Nov 10, 9:05 AMMake it more playful',
      'Version 1Nov 10, 9:00 AMFirst draft',
    ]);
    expect(entries[0]).toHaveAttribute('aria-pressed', 'true');

    // Version 1 comes back; refining now starts from it.
    await user.click(entries[1]!);
    expect(await draftHeading('Autumn Blend Mornings')).toBeVisible();
    expect(entries[1]).toHaveAttribute('aria-pressed', 'true');
    expect(entries[1]).toHaveFocus();
    expect(screen.getByText('Version 1 restored: Autumn Blend Mornings')).toBeInTheDocument();

    await user.type(feedback(), 'Shorter please');
    await user.click(screen.getByRole('button', { name: 'Refine Campaign' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST /api/ai/refine-campaign')).toHaveLength(2),
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/ai/refine-campaign')[1]).toMatchObject({
      feedback: 'Shorter please',
      previousCampaign: { name: 'Autumn Blend Mornings' },
      historyId: 'h1',
    });
    expect(await screen.findAllByRole('button', { name: /^Version \d/ })).toHaveLength(3);
  });

  it("reads a feedback scored 0.5 as 'Negative'", async () => {
    await renderGenerator({
      history: makeCampaignHistory([
        makeGeneration(),
        refinedVersion({
          data: {
            campaign: makeCampaignDraft({ name: 'Autumn Blend, Shorter' }),
            analysis: makeCampaignAnalysis({
              feedbackAnalysis: { sentimentScore: 0.5, keyPoints: ['Too long'] },
            }),
          },
        }),
      ]),
      waitFor: 'Provide Feedback',
    });
    const analysis = screen.getByRole('region', { name: 'AI Analysis' });
    expect(within(analysis).getByText('Negative')).toBeVisible();
    expect(within(analysis).queryByText('Positive')).toBeNull();
  });

  it('says a refinement that failed and keeps the feedback', async () => {
    const { user } = await renderGenerator({
      history: makeCampaignHistory([makeGeneration()]),
      waitFor: 'Provide Feedback',
      answers: {
        'POST /api/ai/refine-campaign': started('g2'),
        [generationKey('g2')]: sequence(
          makeGeneration({
            _id: 'g2',
            kind: 'refine',
            version: 2,
            status: 'failed',
            error: "The AI's answer could not be used. Please try again.",
          }),
        ),
      },
    });
    await user.type(feedback(), 'Make it more playful');
    await user.click(screen.getByRole('button', { name: 'Refine Campaign' }));
    expect(
      await screen.findByText(
        "Failed to refine campaign: The AI's answer could not be used. Please try again.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(feedback()).toBeEnabled());
    expect(feedback()).toHaveValue('Make it more playful');
    expect(screen.getByRole('heading', { level: 2, name: 'Autumn Blend Mornings' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Generation History' })).toBeNull();
  });

  it('Start New Campaign goes back to a clear step one; the next generation starts a new history', async () => {
    const { user, fetchMock } = await renderGenerator({
      history: makeCampaignHistory([makeGeneration(), refinedVersion()]),
      waitFor: 'Provide Feedback',
      answers: {
        'POST /api/ai/generate-campaign': {
          status: 202,
          body: { generationId: 'g9', historyId: 'h2' },
        },
        [generationKey('g9')]: sequence(
          makeGeneration({
            _id: 'g9',
            historyId: 'h2',
            data: {
              campaign: makeCampaignDraft({ name: 'Holiday Gift Boxes' }),
              analysis: makeCampaignAnalysis(),
            },
          }),
        ),
      },
    });
    await user.type(feedback(), 'half-written');
    await user.click(screen.getByRole('button', { name: 'Start New Campaign' }));

    expect(description()).toHaveValue('');
    await waitFor(() => expect(description()).toHaveFocus());
    expect(within(generator()).getByLabelText('Campaign Intention')).toHaveValue(
      'personal-storytelling',
    );
    expect(within(generator()).getByLabelText('Website 1')).toHaveValue(
      'https://www.harbor.coffee',
    );
    expect(screen.getByRole('heading', { name: 'No Campaign Generated Yet' })).toBeVisible();
    expect(screen.queryByLabelText('Provide Feedback')).toBeNull();

    await user.type(description(), 'Holiday gift boxes');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));
    expect(await draftHeading('Holiday Gift Boxes')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST /api/ai/generate-campaign')).toHaveLength(1);
    // One version of the new history: no history list.
    expect(screen.queryByRole('region', { name: 'Generation History' })).toBeNull();
    expect(feedback()).toHaveValue('');
  });
});

describe('coming back', () => {
  it('shows the newest history and follows the refinement still running', async () => {
    const running = refinedVersion({
      status: 'running',
      stage: 'checking',
      progress: 80,
      data: null,
      finishedAt: null,
      source: null,
    });
    const { fetchMock } = await renderGenerator({
      history: makeCampaignHistory([makeGeneration(), running]),
      waitFor: 'Provide Feedback',
      answers: { [generationKey('g2')]: sequence(running, refinedVersion()) },
    });
    const progress = await screen.findByRole('progressbar', { name: 'Refining your campaign' });
    expect(progress).toHaveAttribute('aria-valuenow', '80');
    expect(screen.getByText('Checking the draft against your plan…')).toBeVisible();
    // The version it refines stays in view; the actions wait.
    expect(screen.getByRole('heading', { level: 2, name: 'Autumn Blend Mornings' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Refine Campaign' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Use This Campaign' })).toBeDisabled();

    expect(await draftHeading('Autumn Blend, Playfully')).toBeVisible();
    expect(await screen.findByText('Campaign refined successfully!')).toBeInTheDocument();
    expect(pollsOf(fetchMock, 'g2')).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('region', { name: 'Generation History' })).toBeVisible();
  });

  it('restores the brief of a first generation still running, then its campaign', async () => {
    const pending = makeGeneration({
      status: 'pending',
      stage: 'queued',
      progress: 0,
      input: {
        prompt: 'Launch our autumn blend to regulars',
        feedback: null,
        campaignIntention: 'product-launch',
        websiteUrls: [],
        mediaAssets: [{ fileName: 'latte.jpg', type: 'image', description: 'Latte art' }],
      },
    });
    await renderGenerator({
      history: makeCampaignHistory([pending]),
      answers: { [generationKey('g1')]: sequence(pending, makeGeneration()) },
    });
    expect(description()).toHaveValue('Launch our autumn blend to regulars');
    expect(within(generator()).getByLabelText('Campaign Intention')).toHaveValue('product-launch');
    expect(within(generator()).getByLabelText('Description of latte.jpg')).toHaveValue('Latte art');
    expect(
      screen.getByText(
        'Chosen before you left this page: the description is kept, the file is not.',
      ),
    ).toBeVisible();
    expect(await draftHeading('Autumn Blend Mornings')).toBeVisible();
    expect(await screen.findByText('Campaign generated successfully!')).toBeInTheDocument();
  });

  it('loses nothing when the page is left while a generation runs', async () => {
    // The server: the history gains the generation as it is started, and it runs until asked twice.
    let history = makeCampaignHistory();
    const running = makeGeneration({
      status: 'running',
      stage: 'drafting',
      progress: 30,
      input: { ...makeGeneration().input, prompt: 'Holiday gift boxes for regulars' },
    });
    let finished = false;
    const { user, router, fetchMock } = await renderGenerator({
      history: () => Promise.resolve(jsonResponse(history)),
      answers: {
        'POST /api/ai/generate-campaign': () => {
          history = makeCampaignHistory([running]);
          return Promise.resolve(jsonResponse({ generationId: 'g1', historyId: 'h1' }, 202));
        },
        [generationKey('g1')]: () =>
          Promise.resolve(jsonResponse(finished ? makeGeneration() : running)),
      },
    });
    await user.type(description(), 'Holiday gift boxes for regulars');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));
    await screen.findByRole('progressbar', { name: 'Generating your campaign' });

    await act(() => router.navigate('/dashboard/company/c1/campaigns'));
    expect(await screen.findByText('Screen: list')).toBeInTheDocument();
    await act(() => router.navigate('/dashboard/company/c1/campaigns/new'));

    expect(
      await screen.findByRole('progressbar', { name: 'Generating your campaign' }),
    ).toBeVisible();
    expect(description()).toHaveValue('Holiday gift boxes for regulars');
    expect(description()).toBeDisabled();
    finished = true;
    expect(await draftHeading('Autumn Blend Mornings')).toBeVisible();
    expect(callKeys(fetchMock).filter((key) => key === HISTORY_KEY)).toHaveLength(2);
  });
});

/** A fake Web Speech API recognition: the test says what was heard, or how it failed. */
class FakeRecognition extends EventTarget {
  static sessions: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  listening = false;
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    super();
    FakeRecognition.sessions.push(this);
  }
  start() {
    this.listening = true;
  }
  stop() {
    this.end();
  }
  abort() {
    this.end();
  }
  hear(transcript: string) {
    const result = Object.assign([{ transcript }], { isFinal: true });
    act(() => this.onresult?.({ resultIndex: 0, results: { length: 1, 0: result } }));
  }
  fail(error: string) {
    act(() => {
      this.onerror?.({ error });
      this.end();
    });
  }
  private end() {
    if (!this.listening) return;
    this.listening = false;
    this.onend?.();
  }
}

describe('dictation', () => {
  it('adds what is heard after the description, and stops on a second press', async () => {
    FakeRecognition.sessions = [];
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const { user } = await renderGenerator();
    await user.type(description(), 'Launch our autumn blend');
    const dictate = screen.getByRole('button', { name: 'Dictate the campaign description' });
    await user.click(dictate);
    const session = FakeRecognition.sessions[0]!;
    expect(session.listening).toBe(true);
    expect(dictate).toHaveAttribute('aria-pressed', 'true');
    expect(dictate).toHaveAccessibleName('Stop dictating the campaign description');

    session.hear(' to our regulars');
    expect(description()).toHaveValue('Launch our autumn blend to our regulars');

    await user.click(dictate);
    expect(session.listening).toBe(false);
    expect(dictate).toHaveAttribute('aria-pressed', 'false');
  });

  it("says 'Speech recognition error. Please try again.' when listening fails", async () => {
    FakeRecognition.sessions = [];
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const { user } = await renderGenerator();
    await user.click(screen.getByRole('button', { name: 'Dictate the campaign description' }));
    FakeRecognition.sessions[0]!.fail('not-allowed');
    expect(
      await screen.findByText('Speech recognition error. Please try again.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Dictate the campaign description' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  it("says 'Speech recognition is not supported in your browser.' without it", async () => {
    const { user } = await renderGenerator();
    await user.click(screen.getByRole('button', { name: 'Dictate the campaign description' }));
    expect(
      await screen.findByText('Speech recognition is not supported in your browser.'),
    ).toBeInTheDocument();
  });

  it('dictates feedback too', async () => {
    FakeRecognition.sessions = [];
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const { user } = await renderGenerator({
      history: makeCampaignHistory([makeGeneration()]),
      waitFor: 'Provide Feedback',
    });
    await user.click(screen.getByRole('button', { name: 'Dictate your feedback' }));
    FakeRecognition.sessions[0]!.hear('Make it more playful');
    expect(feedback()).toHaveValue('Make it more playful');
  });
});

const MB = 1024 * 1024;
const fileOf = (name: string, type: string, size = 2 * MB) => {
  const file = new File([mediaBytes(type)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The browser's image decoding and canvas, which jsdom has not got. */
const fakeCanvas = () => {
  const bitmap = { width: 3200, height: 2400, close: vi.fn() };
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(() => Promise.resolve(bitmap)),
  );
  const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,QUJD');
  return { bitmap, context };
};

const analysisOf = (description: string) => ({
  analysis: {
    description,
    suggestedUsage: 'primary',
    suggestedPlatforms: ['twitter'],
    width: 1600,
    height: 1200,
  },
  source: 'openai',
});

describe('media', () => {
  it('describes an image as it is added (scaled down to 1600 px) and sends the media with the brief', async () => {
    const { context, bitmap } = fakeCanvas();
    const { user, fetchMock } = await renderGenerator({
      answers: {
        'POST /api/ai/analyze-media': { body: analysisOf('Latte art on the bar at opening time') },
        'POST /api/ai/generate-campaign': started('g1'),
        [generationKey('g1')]: sequence(makeGeneration()),
      },
    });
    await user.upload(screen.getByLabelText('Choose media files'), [
      fileOf('latte.jpg', 'image/jpeg'),
      fileOf('pour.mp4', 'video/mp4'),
    ]);

    const latte = await screen.findByLabelText('Description of latte.jpg');
    await waitFor(() => expect(latte).toHaveValue('Latte art on the bar at opening time'));
    expect(await screen.findByText('Media analyzed successfully!')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/ai/analyze-media')).toEqual([
      { companyId: 'c1', fileName: 'latte.jpg', image: 'data:image/jpeg;base64,QUJD' },
    ]);
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 1600, 1200);
    expect(bitmap.close).toHaveBeenCalled();

    // The video is the owner's to describe; the image's description can be edited.
    await user.type(screen.getByLabelText('Description of pour.mp4'), 'Pouring the first cup');
    await user.type(latte, ', sunrise');
    await user.type(description(), 'Launch our autumn blend');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));
    await draftHeading('Autumn Blend Mornings');
    expect(bodiesSentTo(fetchMock, 'POST /api/ai/generate-campaign')[0]).toMatchObject({
      mediaAssets: [
        {
          fileName: 'latte.jpg',
          type: 'image',
          description: 'Latte art on the bar at opening time, sunrise',
        },
        { fileName: 'pour.mp4', type: 'video', description: 'Pouring the first cup' },
      ],
    });
  });

  it("says 'Failed to analyze media: {message}' and lets the owner describe the image", async () => {
    fakeCanvas();
    const { user } = await renderGenerator({
      answers: {
        'POST /api/ai/analyze-media': refusal(
          429,
          'AI_FAIR_USE_REACHED',
          'You have had 30 images described today.',
        ),
      },
    });
    await user.upload(
      screen.getByLabelText('Choose media files'),
      fileOf('latte.jpg', 'image/jpeg'),
    );
    expect(
      await screen.findByText('Failed to analyze media: You have had 30 images described today.'),
    ).toBeInTheDocument();
    const field = screen.getByLabelText('Description of latte.jpg');
    await waitFor(() => expect(field).toBeEnabled());
    await user.type(field, 'Latte art');
    expect(field).toHaveValue('Latte art');
    expect(screen.getByRole('button', { name: 'Describe with AI (latte.jpg)' })).toBeVisible();
  });

  it('holds the media area to the campaign media rules', async () => {
    fakeCanvas();
    const { user } = await renderGenerator({
      answers: { 'POST /api/ai/analyze-media': { body: analysisOf('A photo') } },
    });
    await user.upload(screen.getByLabelText('Choose media files'), [
      fileOf('big.png', 'image/png', 11 * MB),
      fileOf('notes.pdf', 'application/pdf'),
    ]);
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('big.png: Each file must be 10 MB or smaller');
    expect(refused).toHaveTextContent(
      'notes.pdf: Choose a JPG, PNG or GIF image, or an MP4, MPEG or MOV video',
    );
    expect(screen.queryByLabelText('Description of big.png')).toBeNull();
  });
});

describe('Use This Campaign', () => {
  const NOW = new Date('2026-11-10T06:00:00.000Z'); // Nov 9 in Los Angeles, the company's zone

  it('creates a draft from today for 30 days, uploads the files with the draft’s usage, and opens it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    fakeCanvas();
    const requests = installFakeXhr();
    const draft = makeCampaignDraft({
      mediaAssets: [
        {
          fileName: 'latte.jpg',
          type: 'image',
          usage: 'secondary',
          description: 'Use it on tasting days',
          platforms: ['twitter'],
        },
      ],
    });
    const { user, fetchMock } = await renderGenerator({
      answers: {
        'POST /api/ai/analyze-media': { body: analysisOf('Latte art') },
        'POST /api/ai/generate-campaign': started('g1'),
        [generationKey('g1')]: sequence(
          makeGeneration({ data: { campaign: draft, analysis: makeCampaignAnalysis() } }),
        ),
        'POST /api/campaigns': { status: 201, body: makeCampaign({ _id: 'k9', status: 'draft' }) },
        'POST /api/campaigns/k9/media/uploads': {
          status: 201,
          body: {
            key: 'uploads/companies/c1/campaigns/k9/latte.jpg',
            url: 'https://media.example/sailpost-media',
            fields: { key: 'uploads/companies/c1/campaigns/k9/latte.jpg' },
            maxBytes: 10 * MB,
            expiresAt: '2026-11-10T07:00:00.000Z',
          },
        },
        'POST /api/campaigns/k9/media': { status: 201, body: makeMediaAsset({ _id: 'm9' }) },
      },
    });
    await user.upload(
      screen.getByLabelText('Choose media files'),
      fileOf('latte.jpg', 'image/jpeg'),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Description of latte.jpg')).toHaveValue('Latte art'),
    );
    await user.type(description(), 'Launch our autumn blend');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));
    const use = await screen.findByRole('button', { name: 'Use This Campaign' });

    await user.dblClick(use);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByRole('progressbar', { name: 'Uploading latte.jpg (1 of 1)' })).toBeVisible();
    act(() => requests[0]!.respond(204));

    expect(await screen.findByText('Screen: detail')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/company/c1/campaigns/k9');
    expect(screen.getByText('Campaign created successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns')).toEqual([
      {
        company: 'c1',
        name: 'Autumn Blend Mornings',
        description: 'Four weeks of cosy posts introducing the autumn blend to Portland regulars.',
        campaignIntention: 'product-launch',
        startDate: '2026-11-09',
        endDate: '2026-12-09',
        status: 'draft',
        platforms: ['twitter'],
        contentSeeds: draft.contentSeeds,
        fromGeneration: 'g1',
      },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k9/media/uploads')).toEqual([
      { fileName: 'latte.jpg', contentType: 'image/jpeg', size: 2 * MB },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k9/media')).toEqual([
      {
        key: 'uploads/companies/c1/campaigns/k9/latte.jpg',
        description: 'Use it on tasting days',
        usage: 'secondary',
        platforms: ['twitter'],
      },
    ]);
  });

  it('keeps the campaign when an upload fails, and says which file', async () => {
    fakeCanvas();
    const requests = installFakeXhr();
    const { user } = await renderGenerator({
      answers: {
        'POST /api/ai/analyze-media': { body: analysisOf('Latte art') },
        'POST /api/ai/generate-campaign': started('g1'),
        [generationKey('g1')]: sequence(makeGeneration()),
        'POST /api/campaigns': { status: 201, body: makeCampaign({ _id: 'k9' }) },
        'POST /api/campaigns/k9/media/uploads': {
          status: 201,
          body: {
            key: 'k',
            url: 'https://media.example/sailpost-media',
            fields: {},
            maxBytes: 10 * MB,
            expiresAt: '2026-11-10T07:00:00.000Z',
          },
        },
      },
    });
    await user.upload(
      screen.getByLabelText('Choose media files'),
      fileOf('latte.jpg', 'image/jpeg'),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Description of latte.jpg')).toHaveValue('Latte art'),
    );
    await user.type(description(), 'Launch our autumn blend');
    await user.click(screen.getByRole('button', { name: 'Generate Campaign' }));
    await user.click(await screen.findByRole('button', { name: 'Use This Campaign' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.failNetwork());

    expect(await screen.findByText('Screen: detail')).toBeInTheDocument();
    expect(
      screen.getByText("Failed to upload file: latte.jpg. Add it on the campaign's page."),
    ).toBeInTheDocument();
    expect(screen.getByText('Campaign created successfully')).toBeInTheDocument();
  });

  it('a version already made into a campaign offers Open campaign and Start New Campaign, never a second copy', async () => {
    const { user, fetchMock } = await renderGenerator({
      history: makeCampaignHistory([makeGeneration({ adoptedCampaignId: 'k9' })]),
      waitFor: 'Provide Feedback',
    });
    const panel = screen.getByRole('region', { name: 'Autumn Blend Mornings' });
    expect(within(panel).getByText(GENERATOR_TEXTS.alreadyCampaign)).toBeVisible();
    const open = within(panel).getByRole('link', { name: 'Open campaign' });
    expect(open).toHaveAttribute('href', '/dashboard/company/c1/campaigns/k9');
    // Coming back takes no focus from where the page put it.
    expect(open).not.toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Use This Campaign' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Start New Campaign' }));
    expect(screen.getByRole('heading', { name: 'No Campaign Generated Yet' })).toBeVisible();
    await waitFor(() => expect(description()).toHaveFocus());
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns')).toEqual([]);
  });

  it('another tab made the campaign first (409): says so and offers Open campaign', async () => {
    const { user, fetchMock } = await renderGenerator({
      history: sequence(
        makeCampaignHistory([makeGeneration()]),
        makeCampaignHistory([makeGeneration({ adoptedCampaignId: 'k7' })]),
      ),
      waitFor: 'Provide Feedback',
      answers: {
        'POST /api/campaigns': refusal(
          409,
          'GENERATION_ALREADY_USED',
          AI_CAMPAIGN_TEXTS.alreadyUsed,
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Use This Campaign' }));

    const open = await screen.findByRole('link', { name: 'Open campaign' });
    expect(open).toHaveAttribute('href', '/dashboard/company/c1/campaigns/k7');
    // The button the owner pressed is gone: focus is on what replaced it.
    await waitFor(() => expect(open).toHaveFocus());
    expect(screen.getByText(AI_CAMPAIGN_TEXTS.alreadyUsed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use This Campaign' })).toBeNull();
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns')).toHaveLength(1);
    expect(screen.queryByText('Screen: detail')).toBeNull();
  });

  it("says 'Failed to create campaign: {message}' and stays", async () => {
    const { user } = await renderGenerator({
      history: makeCampaignHistory([makeGeneration()]),
      waitFor: 'Provide Feedback',
      answers: {
        'POST /api/campaigns': refusal(400, 'PLATFORM_NOT_CONNECTED', 'Connect X (Twitter) first'),
      },
    });
    const use = await screen.findByRole('button', { name: 'Use This Campaign' });
    await user.click(use);
    expect(
      await screen.findByText('Failed to create campaign: Connect X (Twitter) first'),
    ).toBeInTheDocument();
    await waitFor(() => expect(use).toBeEnabled());
    expect(screen.queryByText('Screen: detail')).toBeNull();
  });
});
