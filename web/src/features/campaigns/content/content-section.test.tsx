import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Campaign } from '#shared/contract/campaigns';
import type { ContentGeneration, GeneratedContent } from '#shared/contract/content';
import type { PlanUsage } from '#shared/contract/companies';
import { CONTENT_MESSAGES } from '#shared/domain/content';
import { X_LINK_COST_NOTE } from '#shared/domain/post-text';
import { INSTAGRAM_LINK_NOTE } from '#shared/domain/post-text-rules';
import {
  bodiesSentTo,
  callKeys,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import {
  companiesPage,
  makeCampaign,
  makeCompany,
  makeContent,
  makeContentGeneration,
  makeContentList,
  makeCredential,
  makeMediaAsset,
  makeUser,
  seedSession,
} from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { CampaignDetailPage } from '../campaign-detail-page';
import { CONTENT_SCREEN_TEXTS } from '#web/components/content-texts';

const LIST = 'GET /api/campaigns/k1/content';
const GENERATE = 'POST /api/campaigns/k1/generate';
const review = (contentId: string) => `POST /api/campaigns/k1/content/${contentId}/approve`;
const undo = (contentId: string) => `POST /api/campaigns/k1/content/${contentId}/undo`;
const read = (contentId: string) => `GET /api/campaigns/k1/content/${contentId}`;
const poll = (generationId: string) => `GET /api/ai/generations/${generationId}`;

const usage = (used: number, limit = 5): PlanUsage => ({
  effectiveTier: 'intro',
  entitlement: 'trial',
  generations: { used, limit, resetsAt: '2026-11-11T08:00:00.000Z' },
  timeZone: 'America/Los_Angeles',
});

const refusal = (status: number, code: string, message: string) => ({
  status,
  body: { statusCode: status, code, message, error: 'Error' },
});

/** Answers each body in turn, then the last one again and again (a generation being polled). */
const inTurn =
  (...bodies: unknown[]): MockAnswer =>
  () =>
    Promise.resolve(jsonResponse(bodies.length > 1 ? bodies.shift() : bodies[0]));

/** The list answers these posts whatever the filters (the filters are checked on the queries). */
const listOf = (posts: GeneratedContent[]): MockAnswer => ({ body: makeContentList(posts) });

const renderContent = async ({
  campaign = makeCampaign({ platforms: ['twitter', 'linkedin'] }),
  posts = [makeContent()],
  list = listOf(posts),
  answers = {},
  at = '/dashboard/company/c1/campaigns/k1',
  phoneVerified = false,
}: {
  campaign?: Campaign;
  posts?: GeneratedContent[];
  list?: MockAnswer;
  answers?: Record<string, MockAnswer>;
  at?: string;
  phoneVerified?: boolean;
} = {}) => {
  seedSession({ user: makeUser({ isPhoneVerified: phoneVerified }) });
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': companiesPage([makeCompany()]),
    'GET /api/companies/c1': { body: makeCompany() },
    'GET /api/campaigns/k1': { body: campaign },
    'GET /api/companies/c1/usage': { body: usage(3) },
    'GET /api/companies/c1/platform-credentials': {
      body: [makeCredential({ handle: '@harborcoffee', accountName: 'Harbor Coffee' })],
    },
    [LIST]: list,
    ...answers,
  });
  renderScreen('/dashboard/company/:companyId/campaigns/:campaignId', <CampaignDetailPage />, {
    at,
  });
  const section = await screen.findByRole('region', { name: 'Content' });
  return { fetchMock, section, user: userEvent.setup() };
};

/** The query strings the list was read with, in order. */
const listQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => `${init?.method ?? 'GET'} ${url.pathname}` === LIST)
    .map(({ url }) => Object.fromEntries(url.searchParams));

const posts = () => screen.findByRole('list', { name: 'Generated posts' });

describe('the list', () => {
  it('shows drafts by default, asking for status=draft, with the plan’s generations left', async () => {
    const { fetchMock, section } = await renderContent();
    const list = await posts();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Our autumn blend is here');
    expect(within(section).getByLabelText('Status')).toHaveValue('draft');
    expect(within(section).getByLabelText('Platform')).toHaveValue('');
    expect(
      within(within(section).getByLabelText('Platform'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All platforms', 'X (Twitter)', 'LinkedIn']);
    expect(listQueries(fetchMock)[0]).toEqual({ limit: '10', status: 'draft' });
    expect(await within(section).findByText('2 of 5 AI generations left today')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Generate More Content' })).toBeVisible();
    expect(within(section).getByText('Draft', { selector: '[data-status]' })).toBeVisible();
  });

  it('filters by platform and clears both filters with Clear all filters', async () => {
    const { fetchMock, section, user } = await renderContent();
    await posts();
    await user.selectOptions(within(section).getByLabelText('Platform'), 'linkedin');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        limit: '10',
        platform: 'linkedin',
        status: 'draft',
      }),
    );
    await user.click(within(section).getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({ limit: '10' }));
    expect(within(section).getByLabelText('Status')).toHaveValue('');
    expect(within(section).getByLabelText('Platform')).toHaveValue('');
    expect(within(section).getByRole('button', { name: 'Clear all filters' })).toBeDisabled();
  });

  it('pages on with the cursor the list answered', async () => {
    const { fetchMock, section, user } = await renderContent({
      list: (url) =>
        Promise.resolve(
          jsonResponse(
            url.searchParams.get('cursor')
              ? makeContentList([makeContent({ _id: 'p2', content: 'Second page post' })])
              : makeContentList([makeContent()], { nextCursor: 'c2' }),
          ),
        ),
    });
    await posts();
    expect(within(section).getByText('Showing 1–1')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByText('Second page post')).toBeVisible();
    expect(listQueries(fetchMock).at(-1)).toEqual({ limit: '10', status: 'draft', cursor: 'c2' });
  });

  it('says to activate the campaign first when it is not active and has no drafts, without touching the filters', async () => {
    const { section } = await renderContent({
      campaign: makeCampaign({ status: 'draft' }),
      posts: [],
    });
    expect(await within(section).findByText('No drafts to review')).toBeVisible();
    expect(within(section).queryByText('No posts match these filters')).toBeNull();
    expect(
      await within(section).findByText(
        'Content can only be generated for an active campaign. Activate the campaign first.',
      ),
    ).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Edit campaign' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k1/edit',
    );
  });

  it('offers Generate Content when an active campaign has no drafts; says the filters when narrowed', async () => {
    const { section, user } = await renderContent({ posts: [] });
    expect(await within(section).findByText('No drafts to review')).toBeVisible();
    expect(within(section).queryByText('No posts match these filters')).toBeNull();
    expect(within(section).getAllByRole('button', { name: 'Generate Content' })).toHaveLength(2);

    await user.selectOptions(within(section).getByLabelText('Platform'), 'linkedin');
    expect(await within(section).findByText('No posts match these filters')).toBeVisible();
    await user_clearFilters(section);
    expect(await within(section).findByText('No content yet')).toBeVisible();
  });

  it('says when the list fails to load, and reads it again on Try again', async () => {
    let calls = 0;
    const { section, user } = await renderContent({
      list: () => {
        calls += 1;
        return Promise.resolve(
          calls <= 1
            ? jsonResponse({ statusCode: 500, message: 'Boom', error: 'Error' }, 500)
            : jsonResponse(makeContentList([makeContent()])),
        );
      },
    });
    expect(
      await within(section).findByText(
        'Failed to load content. Please try again.',
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await posts()).toHaveTextContent('Our autumn blend is here');
  }, 15_000);

  it('reads its filters from the address and keeps the chosen ones there', async () => {
    const { fetchMock, section, user } = await renderContent({
      at: '/dashboard/company/c1/campaigns/k1?platform=linkedin&status=scheduled',
    });
    await posts();
    expect(listQueries(fetchMock)[0]).toEqual({
      limit: '10',
      platform: 'linkedin',
      status: 'scheduled',
    });
    expect(within(section).getByLabelText('Platform')).toHaveValue('linkedin');
    expect(within(section).getByLabelText('Status')).toHaveValue('scheduled');

    await user.selectOptions(within(section).getByLabelText('Status'), 'published');
    await waitFor(() => expect(window.location.search).toBe('?platform=linkedin&status=published'));
    await user.selectOptions(within(section).getByLabelText('Status'), '');
    await waitFor(() => expect(window.location.search).toBe('?platform=linkedin&status=all'));
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({ limit: '10', platform: 'linkedin' }),
    );
    await user.selectOptions(within(section).getByLabelText('Platform'), '');
    await user.selectOptions(within(section).getByLabelText('Status'), 'draft');
    // Drafts of every platform, the default, need no parameter.
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('reads an address that names no filter of this campaign as the default, drafts', async () => {
    const { fetchMock, section } = await renderContent({
      at: '/dashboard/company/c1/campaigns/k1?platform=tiktok&status=everything',
    });
    await posts();
    expect(listQueries(fetchMock)[0]).toEqual({ limit: '10', status: 'draft' });
    expect(within(section).getByLabelText('Status')).toHaveValue('draft');
  });

  it('after a reload during a generation, shows the new post as being written, then the draft', async () => {
    let answer = makeContentList([], {
      generating: [
        {
          _id: 'cg1',
          platform: 'twitter',
          stage: 'drafting',
          progress: 40,
          createdAt: '2026-11-10T14:00:00.000Z',
        },
      ],
    });
    const { section } = await renderContent({
      list: () => Promise.resolve(jsonResponse(answer)),
    });
    const list = await posts();
    const writing = within(list).getByRole('listitem', { name: 'X (Twitter) post' });
    expect(within(writing).getByText('Generating')).toBeVisible();
    expect(within(writing).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(writing).toHaveTextContent('Writing your post…');
    expect(within(section).queryByText('No drafts to review')).toBeNull();

    answer = makeContentList([makeContent({ _id: 'cg1', content: 'Written while away' })]);
    expect(
      await within(section).findByText('Written while away', {}, { timeout: 8000 }),
    ).toBeVisible();
    expect(within(section).queryByText('Generating')).toBeNull();
  }, 15_000);

  it('scrolls to the section 100 ms after opening at #content', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { section } = await renderContent({ at: '/dashboard/company/c1/campaigns/k1#content' });
    expect(section).toHaveAttribute('id', 'content');
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts[0]).toBe(section);
  });
});

/** Clears the filters when the empty state offers it (drafts by default match nothing). */
async function user_clearFilters(section: HTMLElement) {
  // The filter bar's button (the empty state offers one too).
  const [clear] = await within(section).findAllByRole('button', { name: 'Clear all filters' });
  await userEvent.setup().click(clear!);
}

describe('Generate Content', () => {
  const openGenerate = async (user: ReturnType<typeof userEvent.setup>, section: HTMLElement) => {
    await posts();
    await user.click(within(section).getByRole('button', { name: 'Generate Content' }));
    return screen.getByRole('dialog', { name: 'Generate Content' });
  };

  it('needs a platform, offers the connected ones, texts by default, and says the phone is unverified', async () => {
    const { section, user } = await renderContent();
    const dialog = await openGenerate(user, section);
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /LinkedIn/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /LinkedIn/ })).toHaveAccessibleDescription(
      'Not connected',
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'Text me when the draft is ready' }),
    ).toBeChecked();
    expect(dialog).toHaveTextContent('Verify your phone in Settings to get a text');
    await user.click(within(dialog).getByRole('radio', { name: /X \(Twitter\)/ }));
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('shows the stage while it runs, then toasts, closes and lists the new draft', async () => {
    let listed = [makeContent()];
    const { fetchMock, section, user } = await renderContent({
      phoneVerified: true,
      list: () => Promise.resolve(jsonResponse(makeContentList(listed))),
      answers: {
        [GENERATE]: { status: 202, body: { generationId: 'cg1' } },
        [poll('cg1')]: inTurn(
          makeContentGeneration({ status: 'running' }),
          makeContentGeneration(),
        ),
      },
    });
    const dialog = await openGenerate(user, section);
    expect(dialog).not.toHaveTextContent('Verify your phone');
    await user.click(within(dialog).getByRole('radio', { name: /X \(Twitter\)/ }));
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Text me when the draft is ready' }),
    );
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Text me when the draft is ready' }),
    );
    listed = [makeContent({ _id: 'p9', content: 'A brand new draft' }), makeContent()];
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('Writing your post…')).toBeVisible();
    expect(within(dialog).getByRole('progressbar', { name: 'Generating content' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(bodiesSentTo(fetchMock, GENERATE)).toEqual([
      { platform: 'twitter', sendNotification: true },
    ]);
    expect(
      await screen.findByText('Content generated successfully', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Generate Content' })).not.toBeInTheDocument(),
    );
    expect(await within(section).findByText('A brand new draft')).toBeVisible();
    expect(within(section).getByLabelText('Status')).toHaveValue('draft');
    // The new draft's card is the result: it takes the focus from the closed dialog.
    const newCard = within(section).getByText('A brand new draft').closest('li');
    await waitFor(() => expect(newCard).toHaveFocus());
    // Plan usage is read again (one generation fewer today).
    expect(
      callKeys(fetchMock).filter((key) => key === 'GET /api/companies/c1/usage').length,
    ).toBeGreaterThan(1);
  });

  it('says when no text could go out about the new draft (no verified phone)', async () => {
    const { section, user } = await renderContent({
      answers: {
        [GENERATE]: { status: 202, body: { generationId: 'cg3' } },
        [poll('cg3')]: {
          body: makeContentGeneration({ _id: 'cg3', notification: 'no-verified-phone' }),
        },
      },
    });
    const dialog = await openGenerate(user, section);
    await user.click(within(dialog).getByRole('radio', { name: /X \(Twitter\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Content generated successfully')).toBeInTheDocument();
    expect(await screen.findByText(CONTENT_SCREEN_TEXTS.noTextSent)).toBeInTheDocument();
  });

  it('says when today’s generations are used up, and offers no Generate the server would refuse', async () => {
    const { section } = await renderContent({
      answers: { 'GET /api/companies/c1/usage': { body: usage(5) } },
    });
    const generate = within(section).getByRole('button', { name: 'Generate Content' });
    await waitFor(() => expect(generate).toBeDisabled());
    expect(generate).toHaveAccessibleDescription(
      'You have used today’s AI generations. More at midnight (Los Angeles time), or upgrade your plan.',
    );
    expect(within(section).getByRole('button', { name: 'Generate More Content' })).toBeDisabled();
    // One page: no pager.
    expect(within(section).queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('toasts the failed generation’s message', async () => {
    const { section, user } = await renderContent({
      answers: {
        [GENERATE]: { status: 202, body: { generationId: 'cg2' } },
        [poll('cg2')]: { body: makeContentGeneration({ _id: 'cg2', status: 'failed' }) },
      },
    });
    const dialog = await openGenerate(user, section);
    await user.click(within(dialog).getByRole('radio', { name: /X \(Twitter\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('The AI service is busy. Please try again in a minute.'),
    ).toBeInTheDocument();
    // The dialog stays for another try.
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('toasts the server’s message when the generation is refused', async () => {
    const { section, user } = await renderContent({
      answers: {
        [GENERATE]: refusal(
          429,
          'GENERATION_LIMIT_REACHED',
          'You have used today’s 5 AI generations. More tomorrow.',
        ),
      },
    });
    const dialog = await openGenerate(user, section);
    await user.click(within(dialog).getByRole('radio', { name: /X \(Twitter\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('You have used today’s 5 AI generations. More tomorrow.'),
    ).toBeInTheDocument();
  });

  it('on a draft campaign offers Activate campaign in the dialog, then generates for its only platform', async () => {
    let campaign = makeCampaign({ status: 'draft', platforms: ['twitter'] });
    const { fetchMock, section, user } = await renderContent({
      answers: {
        'GET /api/campaigns/k1': () => Promise.resolve(jsonResponse(campaign)),
        'PATCH /api/campaigns/k1/status': () => {
          campaign = { ...campaign, status: 'active' };
          return Promise.resolve(jsonResponse(campaign));
        },
        [GENERATE]: { status: 202, body: { generationId: 'cg1' } },
        [poll('cg1')]: { body: makeContentGeneration() },
      },
    });
    const dialog = await openGenerate(user, section);
    expect(within(dialog).getByText(CONTENT_SCREEN_TEXTS.draftCampaign)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Activate campaign' }));
    expect(await screen.findByText('Campaign status updated successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/campaigns/k1/status')).toEqual([
      { status: 'active' },
    ]);
    // Still in the dialog: no longer a draft, its only platform chosen, focus on Generate.
    await waitFor(() =>
      expect(within(dialog).queryByText(CONTENT_SCREEN_TEXTS.draftCampaign)).toBeNull(),
    );
    expect(within(dialog).getByRole('radio', { name: /X \(Twitter\)/ })).toBeChecked();
    const generate = within(dialog).getByRole('button', { name: 'Generate' });
    await waitFor(() => expect(generate).toHaveFocus());

    await user.click(generate);
    expect(await screen.findByText('Content generated successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, GENERATE)).toEqual([
      { platform: 'twitter', sendNotification: true },
    ]);
  });

  it('says why when activating fails, and stays', async () => {
    const { section, user } = await renderContent({
      campaign: makeCampaign({ status: 'paused' }),
      answers: {
        'PATCH /api/campaigns/k1/status': refusal(404, 'CAMPAIGN_NOT_FOUND', 'Campaign not found'),
      },
    });
    const dialog = await openGenerate(user, section);
    expect(within(dialog).getByText(CONTENT_SCREEN_TEXTS.pausedCampaign)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Activate campaign' }));
    expect(
      await screen.findByText('Failed to update campaign status: Campaign not found'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Activate campaign' })).toBeEnabled();
  });

  it('a campaign paused elsewhere (409 CAMPAIGN_NOT_ACTIVE) is read again, and the dialog offers Activate', async () => {
    const { section, user } = await renderContent({
      answers: {
        'GET /api/campaigns/k1': inTurn(makeCampaign(), makeCampaign({ status: 'paused' })),
        [GENERATE]: refusal(409, 'CAMPAIGN_NOT_ACTIVE', CONTENT_MESSAGES.campaignNotActive),
      },
    });
    const dialog = await openGenerate(user, section);
    await user.click(within(dialog).getByRole('radio', { name: /X \(Twitter\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('button', { name: 'Activate campaign' })).toBeVisible();
    expect(within(dialog).getByText(CONTENT_SCREEN_TEXTS.pausedCampaign)).toBeVisible();
  });

  it("says 'Failed to generate content' when the refusal has no message", async () => {
    const { section, user } = await renderContent({
      answers: { [GENERATE]: { status: 500 } },
    });
    const dialog = await openGenerate(user, section);
    await user.click(within(dialog).getByRole('radio', { name: /X \(Twitter\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Failed to generate content')).toBeInTheDocument();
  });
});

describe('previews', () => {
  it('names each post by its platform and date; on a phone the date goes under the name', async () => {
    await renderContent();
    const list = await posts();
    const heading = within(list).getByRole('heading', { level: 3 });
    expect(heading).toHaveAccessibleName(/^X \(Twitter\) post · Nov 10, 2026, \d+:00 [AP]M$/);
    // A block under the name below `sm` (not a flex item wrapping beside it), inline after a dot above.
    const date = within(heading).getByTestId('post-date');
    expect(date).toHaveClass('block', 'sm:inline');
    expect(within(date).getByText('·')).toHaveClass('hidden', 'sm:inline');
  });

  it('counts an X post as X does and notes a link', async () => {
    const text = 'Taste the autumn blend at https://www.harbor.coffee/autumn #AutumnBlend @harbor';
    const { section } = await renderContent({ posts: [makeContent({ content: text })] });
    const list = await posts();
    const preview = list.querySelector('[data-platform="twitter"]') as HTMLElement;
    expect(preview).toHaveTextContent('Harbor Coffee @harborcoffee');
    // 26 characters, the link counted as 23 (not its 36), then 21 more.
    expect(within(preview).getByTestId('post-count')).toHaveTextContent('70 / 280');
    expect(within(preview).getByText('#AutumnBlend')).toHaveClass('text-[#0c74bb]');
    expect(within(preview).getByText('@harbor')).toHaveClass('text-[#0c74bb]');
    expect(within(section).getByText(X_LINK_COST_NOTE)).toBeVisible();
  });

  it('folds a long LinkedIn post behind …see more', async () => {
    const text = `${'Slow mornings, good coffee. '.repeat(12)}The end.`;
    const { user } = await renderContent({
      posts: [
        makeContent({
          content: text,
          metadata: { params: { platform: 'linkedin' }, source: 'openai' },
        }),
      ],
    });
    const list = await posts();
    const preview = list.querySelector('[data-platform="linkedin"]') as HTMLElement;
    expect(preview).not.toHaveTextContent('The end.');
    expect(within(preview).getByTestId('post-count')).toHaveTextContent(`${text.length} / 3,000`);
    await user.click(within(preview).getByRole('button', { name: '…see more' }));
    expect(preview).toHaveTextContent('The end.');
    expect(within(preview).queryByRole('button', { name: '…see more' })).not.toBeInTheDocument();
  });

  it('shows the images of the post as the platform lays them out, and a publishing failure', async () => {
    const campaign = makeCampaign({
      platforms: ['facebook'],
      contentSeeds: {
        ...makeCampaign().contentSeeds,
        mediaAssets: [1, 2, 3, 4, 5, 6].map((n) =>
          makeMediaAsset({ _id: `m${n}`, platforms: ['facebook'], description: `Photo ${n}` }),
        ),
      },
    });
    await renderContent({
      campaign,
      posts: [
        makeContent({
          status: 'failed',
          publishError: 'The account needs reconnecting.',
          imageIds: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'],
          metadata: { params: { platform: 'facebook' }, source: 'openai' },
        }),
      ],
    });
    const list = await posts();
    const grid = list.querySelector('[data-layout="facebook"]') as HTMLElement;
    expect(within(grid).getAllByRole('img')).toHaveLength(4);
    expect(grid).toHaveTextContent('+2');
    expect(within(list).getByRole('alert')).toHaveTextContent(
      'Publishing failedThe account needs reconnecting.',
    );
    // A failed post has no review actions.
    expect(within(list).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('says when a scheduled post goes out, in the campaign’s zone, and links a published one', async () => {
    await renderContent({
      posts: [
        makeContent({ status: 'scheduled', scheduledFor: '2026-11-25T14:00:00.000Z' }),
        makeContent({
          _id: 'p2',
          status: 'published',
          publishedAt: '2026-11-24T14:00:00.000Z',
          postUrl: 'https://x.com/harborcoffee/status/1',
        }),
      ],
    });
    const list = await posts();
    expect(list).toHaveTextContent('Goes out Wed, Nov 25 at 9:00 AM, New York time');
    expect(within(list).getByRole('link', { name: 'View on X (Twitter)' })).toHaveAttribute(
      'href',
      'https://x.com/harborcoffee/status/1',
    );
    expect(within(list).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows a published post’s results with when they were read, and why a Best times post has its slot', async () => {
    await renderContent({
      posts: [
        makeContent({
          status: 'scheduled',
          scheduledFor: '2026-11-24T14:20:00.000Z',
          slotReason: 'Tuesday morning: your best window on X so far',
        }),
        makeContent({
          _id: 'p2',
          status: 'published',
          publishedAt: '2026-11-17T14:00:00.000Z',
          postUrl: 'https://x.com/harborcoffee/status/1',
          results: {
            impressions: 4210,
            engagements: 173,
            engagementRate: 173 / 4210,
            collectedAt: '2026-11-18T14:05:00.000Z',
            age: '24h',
          },
        }),
        makeContent({
          _id: 'p3',
          status: 'published',
          publishedAt: '2026-11-24T14:00:00.000Z',
          postUrl: 'https://x.com/harborcoffee/status/2',
        }),
      ],
    });
    const [scheduled, read, unread] = within(await posts()).getAllByRole('listitem');
    expect(scheduled).toHaveTextContent(
      'Goes out Tue, Nov 24 at 9:20 AM, New York timeTuesday morning: your best window on X so far',
    );
    expect(within(read!).getByTestId('post-results')).toHaveTextContent(
      'Impressions4,210Engagements173Engagement rate4.1%As of Nov 18, 9:05 AM',
    );
    expect(within(unread!).queryByTestId('post-results')).not.toBeInTheDocument();
    expect(unread).toHaveTextContent('Results come about an hour after publishing.');
    expect(within(read!).queryByTestId('slot-reason')).not.toBeInTheDocument();
  });

  it('moves a scheduled post to another free time, or publishes it now', async () => {
    const { fetchMock, user } = await renderContent({
      posts: [makeContent({ status: 'scheduled', scheduledFor: '2026-11-25T14:00:00.000Z' })],
      answers: {
        'GET /api/campaigns/k1/content/p1/slots': {
          body: {
            slots: ['2026-11-26T14:00:00.000Z', '2026-11-27T14:00:00.000Z'],
            timeZone: 'America/New_York',
          },
        },
        'POST /api/campaigns/k1/content/p1/schedule': {
          body: makeContent({ status: 'scheduled', scheduledFor: '2026-11-27T14:00:00.000Z' }),
        },
      },
    });
    await user.click(within(await posts()).getByRole('button', { name: 'Move or publish now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move post' });
    expect(dialog).toHaveTextContent('It goes out Wed, Nov 25 at 9:00 AM, New York time.');
    const times = await within(dialog).findByLabelText('Another free time');
    expect(
      within(times)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Thu, Nov 26 at 9:00 AM, New York time', 'Fri, Nov 27 at 9:00 AM, New York time']);
    await user.selectOptions(times, '2026-11-27T14:00:00.000Z');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Post moved')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k1/content/p1/schedule')).toEqual([
      { scheduledFor: '2026-11-27T14:00:00.000Z' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await posts()).getByRole('button', { name: 'Move or publish now' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Move post' })).getByRole('button', {
        name: 'Publish now',
      }),
    );
    expect(await screen.findByText('Publishing now')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k1/content/p1/schedule').at(-1)).toEqual({
      now: true,
    });
  });

  it('shows the modification history, folded', async () => {
    await renderContent({
      posts: [
        makeContent({
          status: 'draft',
          version: 2,
          modificationHistory: [
            {
              date: '2026-11-10T15:00:00.000Z',
              status: 'modify',
              comment: 'Warmer, please',
              modifyAspects: ['tone', 'length'],
              via: 'sms',
            },
          ],
        }),
      ],
    });
    const list = await posts();
    const summary = within(list).getByText('Modification history (1)');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(list).toHaveTextContent('Warmer, please');
    expect(list).toHaveTextContent('Aspects: Tone, Length');
    expect(list).toHaveTextContent('by text reply');
  });
});

describe('review', () => {
  const reviewed = (post: GeneratedContent, generationId: string | null = null) => ({
    body: { content: post, generationId },
  });

  /** The server's posts as they change: the list (drafts only) and each post read on its own. */
  const server = (...initial: GeneratedContent[]) => {
    let stored = initial;
    const answers: Record<string, MockAnswer> = {
      [LIST]: (url) =>
        Promise.resolve(
          jsonResponse(
            makeContentList(
              stored.filter(
                (post) =>
                  !url.searchParams.get('status') || post.status === url.searchParams.get('status'),
              ),
            ),
          ),
        ),
    };
    for (const post of initial) {
      answers[read(post._id)] = () =>
        Promise.resolve(jsonResponse(stored.find((item) => item._id === post._id)));
    }
    return {
      answers,
      set: (post: GeneratedContent) => {
        stored = stored.map((item) => (item._id === post._id ? post : item));
        return post;
      },
    };
  };
  const later = (minutes: number) =>
    new Date(Date.parse('2026-11-10T14:00:00.000Z') + minutes * 60_000).toISOString();
  const cardOf = (list: HTMLElement, name: RegExp) => within(list).getByRole('listitem', { name });

  it('says before approval that an Instagram post needs an image, and holds Approve until it has one', async () => {
    const instagram = { params: { platform: 'instagram' as const }, source: 'openai' as const };
    const photo = makeMediaAsset({ _id: 'm1', platforms: ['instagram'] });
    const { section } = await renderContent({
      campaign: makeCampaign({
        platforms: ['instagram'],
        contentSeeds: { ...makeCampaign().contentSeeds, mediaAssets: [photo] },
      }),
      posts: [
        makeContent({ _id: 'p1', metadata: instagram, content: 'Bare caption #autumn' }),
        makeContent({
          _id: 'p2',
          metadata: instagram,
          imageIds: ['m1'],
          content: 'With its photo #autumn',
        }),
      ],
    });
    const list = await within(section).findByRole('list', { name: 'Generated posts' });
    const [bare, pictured] = within(list).getAllByRole('listitem');
    const approveBare = within(bare!).getByRole('button', { name: 'Approve' });
    expect(approveBare).toBeDisabled();
    expect(approveBare).toHaveAccessibleDescription(
      /Instagram posts need an image or a video\. Add one to this post first\./,
    );
    // Request Changes is the way to give it one of the campaign's images.
    expect(within(bare!).getByRole('button', { name: 'Request Changes' })).toBeEnabled();
    expect(within(pictured!).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(pictured!).queryByText(/need an image/)).not.toBeInTheDocument();
  });

  it('shows a link in an Instagram caption as plain text, and says it cannot be clicked', async () => {
    const { section } = await renderContent({
      campaign: makeCampaign({ platforms: ['instagram'] }),
      posts: [
        makeContent({
          metadata: { params: { platform: 'instagram' }, source: 'openai' },
          content: 'Taste it at https://harbor.coffee #autumn',
        }),
      ],
    });
    const list = await within(section).findByRole('list', { name: 'Generated posts' });
    const caption = within(list).getByText(/Taste it at https:\/\/harbor\.coffee/);
    expect(caption.querySelector('[data-token]')).toHaveTextContent('#autumn');
    expect(caption.querySelectorAll('[data-token]')).toHaveLength(1);
    expect(within(list).getByText(INSTAGRAM_LINK_NOTE)).toBeInTheDocument();
  });

  it('approves: the card stays where it was, scheduled with its time; the toast names it and offers Undo, which makes it a draft again', async () => {
    const db = server(makeContent(), makeContent({ _id: 'p0', content: 'An older draft' }));
    const scheduled = makeContent({
      status: 'scheduled',
      scheduledFor: '2026-11-27T14:00:00.000Z',
      updatedAt: later(1),
    });
    const { fetchMock, section, user } = await renderContent({
      answers: {
        ...db.answers,
        [review('p1')]: () =>
          Promise.resolve(jsonResponse({ content: db.set(scheduled), generationId: null })),
        [undo('p1')]: () =>
          Promise.resolve(jsonResponse(db.set(makeContent({ updatedAt: later(2) })))),
      },
    });
    const list = await posts();
    await user.click(within(list).getAllByRole('button', { name: 'Approve' })[0]!);
    expect(
      await screen.findByText(
        'Content approved successfully. It goes out Fri, Nov 27 at 9:00 AM, New York time.',
      ),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, review('p1'))).toEqual([{ status: 'approved' }]);
    // The drafts are read again (the approved post is none), yet it stays, first, as it now is.
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(1));
    await waitFor(() => expect(callKeys(fetchMock)).toContain(read('p1')));
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Goes out Fri, Nov 27 at 9:00 AM, New York time');
    expect(within(cards[0]!).getByText('Scheduled', { selector: '[data-status]' })).toBeVisible();
    expect(within(cards[0]!).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(cards[1]).toHaveTextContent('An older draft');
    expect(within(section).getByLabelText('Status')).toHaveValue('draft');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: the post is a draft again')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, undo('p1'))).toEqual([undefined]);
    await waitFor(() =>
      expect(
        within(within(list).getAllByRole('listitem')[0]!).getByText('Draft', {
          selector: '[data-status]',
        }),
      ).toBeVisible(),
    );
    expect(within(list).getAllByRole('button', { name: 'Approve' })).toHaveLength(2);
  });

  it('rejects: the card stays, rejected; the toast offers Undo', async () => {
    const db = server(makeContent());
    const { fetchMock, user } = await renderContent({
      answers: {
        ...db.answers,
        [review('p1')]: () =>
          Promise.resolve(
            jsonResponse({
              content: db.set(makeContent({ status: 'rejected', updatedAt: later(1) })),
              generationId: null,
            }),
          ),
      },
    });
    const list = await posts();
    await user.click(within(list).getByRole('button', { name: 'Reject' }));
    const toastText = await screen.findByText('Content rejected successfully');
    expect(bodiesSentTo(fetchMock, review('p1'))).toEqual([{ status: 'rejected' }]);
    expect(
      within(toastText.parentElement!).getByRole('button', { name: 'Undo' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(callKeys(fetchMock)).toContain(read('p1')));
    expect(within(list).getByText('Rejected', { selector: '[data-status]' })).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Reject' })).toBeNull();
    // Its own review: nothing was reviewed elsewhere.
    expect(within(list).queryByText(CONTENT_SCREEN_TEXTS.reviewedElsewhere)).toBeNull();
  });

  it('a post reviewed in another tab or by text drops its actions there, saying so', async () => {
    const db = server(
      makeContent(),
      makeContent({
        _id: 'p0',
        content: 'An older draft',
        metadata: { params: { platform: 'linkedin' }, source: 'openai' },
      }),
    );
    const { section } = await renderContent({ answers: db.answers });
    const list = await posts();
    expect(within(list).getAllByRole('button', { name: 'Approve' })).toHaveLength(2);

    db.set(
      makeContent({
        status: 'scheduled',
        scheduledFor: '2026-11-27T14:00:00.000Z',
        updatedAt: later(1),
      }),
    );
    // The owner comes back to this tab, a while later.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10_000);
    window.dispatchEvent(new Event('focus'));
    const card = await waitFor(() => {
      const found = cardOf(list, /X \(Twitter\) post/);
      expect(found).toHaveTextContent(CONTENT_SCREEN_TEXTS.reviewedElsewhere);
      return found;
    }).finally(() => vi.useRealTimers());
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(card).getByText('Scheduled', { selector: '[data-status]' })).toBeVisible();
    expect(within(list).getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(within(section).getByLabelText('Status')).toHaveValue('draft');
  });

  it('says why an Undo was refused', async () => {
    const { user } = await renderContent({
      answers: {
        [review('p1')]: reviewed(
          makeContent({ status: 'scheduled', scheduledFor: '2026-11-27T14:00:00.000Z' }),
        ),
        [undo('p1')]: refusal(
          409,
          'CONTENT_NOT_UNDOABLE',
          'This post is being published right now, so its approval can no longer be undone.',
        ),
      },
    });
    await user.click(within(await posts()).getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText(
        'Failed to undo: This post is being published right now, so its approval can no longer be undone.',
      ),
    ).toBeInTheDocument();
  });

  it('a post approved without a free time says it goes out at the next one', async () => {
    const { user } = await renderContent({
      answers: { [review('p1')]: reviewed(makeContent({ status: 'approved' })) },
    });
    await user.click(within(await posts()).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText(
        'Content approved successfully. It goes out at the campaign’s next free time, once it is running and has one.',
      ),
    ).toBeInTheDocument();
  });

  it("moves focus to the toast's Undo after Approve", async () => {
    const { user } = await renderContent({
      answers: { [review('p1')]: reviewed(makeContent({ status: 'approved' })) },
    });
    const card = within(await posts()).getByRole('listitem', { name: /X \(Twitter\) post/ });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
  });

  it('moves focus to the card once its post is sent to the AI (the dialog closed)', async () => {
    const { user } = await renderContent({
      answers: {
        [review('p1')]: {
          body: { content: makeContent({ status: 'modify' }), generationId: 'rv1' },
        },
        [poll('rv1')]: {
          body: makeContentGeneration({ _id: 'rv1', kind: 'revision', status: 'running' }),
        },
      },
    });
    const card = within(await posts()).getByRole('listitem', { name: /X \(Twitter\) post/ });
    await user.click(within(card).getByRole('button', { name: 'Request Changes' }));
    const chooser = await screen.findByRole('dialog', { name: 'Request Changes' });
    await user.click(within(chooser).getByRole('button', { name: /AI Assistance/ }));
    const dialog = screen.getByRole('dialog', { name: 'Request changes from the AI' });
    await user.type(within(dialog).getByLabelText('What should change?'), 'Warmer, please');
    await user.click(within(dialog).getByRole('button', { name: 'Send to AI' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card).toHaveFocus());
  });

  it("says 'Failed to approve content: {message}' and 'Failed to reject content: {message}'", async () => {
    const { user } = await renderContent({
      answers: {
        [review('p1')]: refusal(
          409,
          'CONTENT_NOT_REVIEWABLE',
          'This post has already been reviewed. Refresh to see where it is now.',
        ),
      },
    });
    const list = await posts();
    await user.click(within(list).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText(
        'Failed to approve content: This post has already been reviewed. Refresh to see where it is now.',
      ),
    ).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText(
        'Failed to reject content: This post has already been reviewed. Refresh to see where it is now.',
      ),
    ).toBeInTheDocument();
  });

  it('AI Assistance needs feedback, sends the aspects and images, then follows the revision', async () => {
    const campaign = makeCampaign({
      contentSeeds: {
        ...makeCampaign().contentSeeds,
        mediaAssets: [makeMediaAsset({ _id: 'm1', description: 'Latte art' })],
      },
    });
    const revision: ContentGeneration = makeContentGeneration({
      _id: 'rv1',
      kind: 'revision',
      contentId: 'p1',
    });
    // The post leaves the drafts while it is revised, and comes back revised.
    let listed = [makeContent()];
    let polls = 0;
    const { fetchMock, user } = await renderContent({
      campaign,
      list: () => Promise.resolve(jsonResponse(makeContentList(listed))),
      answers: {
        [review('p1')]: () => {
          listed = [];
          return Promise.resolve(
            jsonResponse({ content: makeContent({ status: 'modify' }), generationId: 'rv1' }),
          );
        },
        [poll('rv1')]: () => {
          const running = !listed.length && polls++ === 0;
          if (!running) listed = [makeContent({ content: 'Warmer and shorter now', version: 2 })];
          return Promise.resolve(
            jsonResponse(
              running
                ? { ...revision, status: 'running', stage: 'drafting', progress: 50 }
                : revision,
            ),
          );
        },
      },
    });
    await user.click(within(await posts()).getByRole('button', { name: 'Request Changes' }));
    const chooser = await screen.findByRole('dialog', { name: 'Request Changes' });
    await user.click(within(chooser).getByRole('button', { name: /AI Assistance/ }));
    const dialog = screen.getByRole('dialog', { name: 'Request changes from the AI' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to AI' }));
    expect(await within(dialog).findByText('Please describe the changes you want')).toBeVisible();
    expect(bodiesSentTo(fetchMock, review('p1'))).toEqual([]);

    await user.type(within(dialog).getByLabelText('What should change?'), 'Warmer, and shorter');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tone' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Length' }));
    await user.click(within(dialog).getByRole('button', { name: 'Latte art' }));
    await user.click(screen.getByRole('button', { name: 'Send to AI' }));
    expect(
      await screen.findByText('Content modification request sent successfully'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, review('p1'))).toEqual([
      {
        status: 'modify',
        feedback: 'Warmer, and shorter',
        modifyAspects: ['tone', 'length'],
        imageIds: ['m1'],
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('progressbar', { name: 'Revising your X (Twitter) post…' }),
    ).toBeVisible();
    expect(await screen.findByText('Warmer and shorter now', {}, { timeout: 5000 })).toBeVisible();
    expect(
      screen.queryByRole('progressbar', { name: 'Revising your X (Twitter) post…' }),
    ).not.toBeInTheDocument();
  });

  it('follows a revision asked for elsewhere (another tab, a text), and stays quiet about one long ended', async () => {
    let listed = [
      makeContent({ status: 'modify', revisionId: 'rv3' }),
      makeContent({ _id: 'p2', status: 'modify', revisionId: 'rv4' }),
    ];
    let polls = 0;
    await renderContent({
      list: () => Promise.resolve(jsonResponse(makeContentList(listed))),
      answers: {
        [poll('rv3')]: () => {
          const running = polls++ === 0;
          if (!running) listed = [makeContent({ content: 'Revised in another tab', version: 2 })];
          return Promise.resolve(
            jsonResponse(
              makeContentGeneration({
                _id: 'rv3',
                kind: 'revision',
                contentId: 'p1',
                ...(running ? { status: 'running', stage: 'drafting', progress: 50 } : {}),
              }),
            ),
          );
        },
        [poll('rv4')]: {
          body: makeContentGeneration({
            _id: 'rv4',
            kind: 'revision',
            contentId: 'p2',
            status: 'failed',
            error: 'An old failure',
          }),
        },
      },
    });
    expect(
      await screen.findByRole('progressbar', { name: CONTENT_SCREEN_TEXTS.revising }),
    ).toBeVisible();
    expect(await screen.findByText('Revised in another tab', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText('An old failure')).toBeNull();
  });

  it('toasts a failed revision’s message', async () => {
    const { user } = await renderContent({
      answers: {
        [review('p1')]: reviewed(makeContent({ status: 'modify' }), 'rv2'),
        [poll('rv2')]: {
          body: makeContentGeneration({
            _id: 'rv2',
            kind: 'revision',
            status: 'failed',
            error: 'The AI could not revise this post. Please try again.',
          }),
        },
      },
    });
    await user.click(within(await posts()).getByRole('button', { name: 'Request Changes' }));
    await user.click(await screen.findByRole('button', { name: /AI Assistance/ }));
    await user.type(screen.getByLabelText('What should change?'), 'Shorter');
    await user.click(screen.getByRole('button', { name: 'Send to AI' }));
    expect(
      await screen.findByText('The AI could not revise this post. Please try again.'),
    ).toBeInTheDocument();
  });

  it('Direct Edit needs text, previews the edit with its count, and keeps the text when it fails', async () => {
    const { fetchMock, user } = await renderContent({
      answers: {
        [review('p1')]: refusal(409, 'CONTENT_NOT_REVIEWABLE', 'Already reviewed'),
      },
    });
    await user.click(within(await posts()).getByRole('button', { name: 'Request Changes' }));
    await user.click(await screen.findByRole('button', { name: /Direct Edit/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the post' });
    const text = within(dialog).getByLabelText('Post text');
    expect(text).toHaveValue(makeContent().content);
    await user.clear(text);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Please enter the post text')).toBeVisible();
    expect(within(dialog).getByTestId('post-count')).toHaveTextContent('0 / 280');

    await user.type(text, 'Fig and cocoa, every morning.');
    expect(within(dialog).getByTestId('post-count')).toHaveTextContent('29 / 280');
    expect(
      within(dialog)
        .getByText(/Images/)
        .closest('fieldset'),
    ).toHaveTextContent(
      'No images available for this platform. Upload images in the Media Assets section.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Failed to modify content: Already reviewed'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, review('p1'))).toEqual([
      { status: 'modify', directEdit: 'Fig and cocoa, every morning.', imageIds: [] },
    ]);
    expect(within(dialog).getByLabelText('Post text')).toHaveValue('Fig and cocoa, every morning.');
  });
});
