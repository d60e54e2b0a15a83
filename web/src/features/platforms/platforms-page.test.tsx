import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Company } from '#shared/contract/companies';
import type { PlatformCredential } from '#shared/contract/platforms';
import type * as Navigation from '#web/lib/navigation';
import { leaveAppFor } from '#web/lib/navigation';
import {
  bodiesSentTo,
  callKeys,
  deferredAnswer,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import { companiesPage, makeCompany, makeCredential, seedSession } from '#web/test/fixtures';
import { PathProbe, renderScreen } from '#web/test/render';
import { PlatformsPage } from './platforms-page';

// The browser cannot leave jsdom for a consent page: the test sees where it would have gone.
vi.mock('#web/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  leaveAppFor: vi.fn(() => true),
}));

const PLATFORMS_PATH = '/dashboard/company/c1/platforms';

interface Setup {
  company?: Company;
  credentials?: PlatformCredential[];
  answers?: Record<string, MockAnswer>;
  at?: string;
}

const renderPlatforms = ({
  company = makeCompany(),
  credentials = [],
  answers = {},
  at = PLATFORMS_PATH,
}: Setup = {}) => {
  seedSession();
  // The list as the server holds it: a disconnect changes what the next read answers.
  const held = { credentials };
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': companiesPage([company]),
    'GET /api/companies/c1': { body: company },
    'GET /api/companies/c1/platform-credentials': () =>
      Promise.resolve(jsonResponse(held.credentials)),
    ...answers,
  });
  renderScreen('/dashboard/company/:companyId/platforms', <PlatformsPage />, {
    at,
    routes: [{ path: '/dashboard', element: <PathProbe name="dashboard" /> }],
  });
  return { fetchMock, held, user: userEvent.setup() };
};

const card = async (name: string) =>
  within(await screen.findByRole('region', { name }, { timeout: 3000 }));

beforeEach(() => {
  vi.mocked(leaveAppFor).mockClear();
});

describe('PlatformsScreen', () => {
  it('shows the breadcrumb, the company banner and four cards as the tier and credentials say', async () => {
    renderPlatforms({ credentials: [makeCredential()] });
    const x = await card('X (Twitter)');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Harbor Coffee' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1',
    );
    expect(within(breadcrumb).getByText('Platforms').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Managing platforms for')).toBeInTheDocument();
    expect(screen.getByText('The Intro plan connects X (Twitter).')).toBeInTheDocument();

    expect(x.getByText('Connected')).toBeInTheDocument();
    expect(x.getByText('@harborcoffee')).toBeInTheDocument();
    expect(x.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();

    const linkedin = await card('LinkedIn');
    expect(linkedin.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(linkedin.getByText('Upgrade to the Gold plan to connect LinkedIn.')).toBeInTheDocument();
    expect(linkedin.queryByRole('button', { name: 'Connect Now' })).not.toBeInTheDocument();

    // Intro: Facebook comes with Silver, Instagram with Platinum.
    const facebook = await card('Facebook');
    expect(facebook.getByText('Silver plan')).toBeInTheDocument();
    expect(
      facebook.getByText('Upgrade to the Silver plan to connect Facebook.'),
    ).toBeInTheDocument();
    expect(facebook.queryByRole('button', { name: 'Connect Now' })).not.toBeInTheDocument();
    const instagram = await card('Instagram');
    expect(
      instagram.getByText('Upgrade to the Platinum plan to connect Instagram.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });

  it('lets a Silver company connect Facebook, and offers Instagram as an upgrade', async () => {
    const { user } = renderPlatforms({
      company: makeCompany({
        subscriptionTier: 'silver',
        stripeSubscriptionId: 'sub_1',
        subscription: { status: 'active' },
      }),
    });
    const facebook = await card('Facebook');
    expect(facebook.getByRole('button', { name: 'Connect Now' })).toBeInTheDocument();
    expect(
      facebook.getByText(
        'Connect your Facebook Page to post from Sailpost. You choose the Page after signing in.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The Silver plan connects X (Twitter) and Facebook.'),
    ).toBeInTheDocument();
    const instagram = await card('Instagram');
    expect(instagram.queryByRole('button', { name: 'Connect Now' })).not.toBeInTheDocument();
    await user.click(instagram.getByRole('button', { name: 'Upgrade' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Subscription' });
    expect(within(dialog).getByRole('region', { name: 'Platinum' })).toBeInTheDocument();
  });

  it("shows the connected Page's name and picture, and the Instagram account with its Page", async () => {
    renderPlatforms({
      company: makeCompany({
        subscriptionTier: 'platinum',
        stripeSubscriptionId: 'sub_1',
        subscription: { status: 'active' },
      }),
      credentials: [
        makeCredential({
          _id: 'cred-fb',
          platform: 'facebook',
          accountId: '1001',
          handle: 'Harbor Coffee Roasters',
          accountName: 'Harbor Coffee Roasters',
          avatarUrl: 'https://pages.example/harbor.jpg',
          page: { id: '1001', name: 'Harbor Coffee Roasters' },
        }),
        makeCredential({
          _id: 'cred-ig',
          platform: 'instagram',
          accountId: '1789',
          handle: '@harborcoffee',
          accountName: 'Harbor Coffee',
          avatarUrl: 'https://ig.example/harbor.jpg',
          page: { id: '1001', name: 'Harbor Coffee Roasters' },
        }),
      ],
    });
    const facebook = await card('Facebook');
    expect(facebook.getByText('Harbor Coffee Roasters')).toBeInTheDocument();
    expect(facebook.getByRole('button', { name: 'Post now' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Facebook' }).querySelector('img')).toHaveAttribute(
      'src',
      'https://pages.example/harbor.jpg',
    );
    const instagram = await card('Instagram');
    expect(instagram.getByText('@harborcoffee')).toBeInTheDocument();
    expect(instagram.getByText('Linked to the Page Harbor Coffee Roasters')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Instagram' }).querySelector('img')).toHaveAttribute(
      'src',
      'https://ig.example/harbor.jpg',
    );
  });

  it('shows a spinner while the connections load', async () => {
    const credentials = deferredAnswer();
    renderPlatforms({
      answers: { 'GET /api/companies/c1/platform-credentials': credentials.answer },
    });
    expect(await screen.findByText('Loading platforms')).toBeInTheDocument();
    credentials.resolve(jsonResponse([]));
    expect(await card('X (Twitter)')).toBeTruthy();
    expect(screen.queryByText('Loading platforms')).not.toBeInTheDocument();
  });

  it('opens Manage Subscription from Upgrade', async () => {
    const { user } = renderPlatforms();
    await user.click((await card('LinkedIn')).getByRole('button', { name: 'Upgrade' }));
    expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
  });

  it('offers Upgrade by the tier that applies: an unpaid Gold plan connects only X', async () => {
    const { user } = renderPlatforms({
      company: makeCompany({
        subscriptionTier: 'gold',
        stripeSubscriptionId: 'sub_1',
        subscription: { status: 'unpaid' },
      }),
    });
    const linkedin = await card('LinkedIn');
    expect(linkedin.queryByRole('button', { name: 'Connect Now' })).not.toBeInTheDocument();
    expect(screen.getByText('The Intro plan connects X (Twitter).')).toBeInTheDocument();
    await user.click(linkedin.getByRole('button', { name: 'Upgrade' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Subscription' });
    expect(within(dialog).getByRole('region', { name: 'Gold' })).toBeInTheDocument();
  });

  it('says publishing is paused for a company whose trial has ended', async () => {
    const { user } = renderPlatforms({
      company: makeCompany({ trialEndDate: '2020-01-01T00:00:00.000Z' }),
      credentials: [makeCredential()],
    });
    await card('X (Twitter)');
    const notice = screen
      .getByText('Publishing is paused')
      .closest<HTMLElement>('[role="status"]')!;
    expect(notice).toHaveTextContent(
      'Your free trial has ended. Choose a plan to keep generating and publishing posts.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Choose Plan' }));
    expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
  });

  describe('connecting', () => {
    const AUTH_URLS = {
      'GET /api/platforms/twitter/auth/c1': {
        body: { url: 'https://x.com/i/oauth2/authorize?x=1' },
      },
      'GET /api/platforms/linkedin/oauth/initiate': {
        body: { url: 'https://www.linkedin.com/oauth/v2/authorization?y=2' },
      },
    };

    it("sends the browser to LinkedIn's consent page, asked for by companyId", async () => {
      const { user, fetchMock } = renderPlatforms({
        company: makeCompany({
          subscriptionTier: 'gold',
          stripeSubscriptionId: 'sub_1',
          subscription: { status: 'active' },
        }),
        answers: AUTH_URLS,
      });
      const connect = (await card('LinkedIn')).getByRole('button', { name: 'Connect Now' });
      await user.click(connect);
      await waitFor(() =>
        expect(leaveAppFor).toHaveBeenCalledWith(
          'https://www.linkedin.com/oauth/v2/authorization?y=2',
        ),
      );
      const initiate = fetchMock.mock.calls.find(([input]) =>
        String(input).includes('/oauth/initiate'),
      );
      expect(String(initiate![0])).toBe('/api/platforms/linkedin/oauth/initiate?companyId=c1');
      // The button keeps saying it is busy while the browser leaves.
      expect(connect).toHaveAttribute('aria-busy', 'true');
    });

    it("sends the browser to X's consent page, asked for by path", async () => {
      const { user } = renderPlatforms({ answers: AUTH_URLS });
      await user.click((await card('X (Twitter)')).getByRole('button', { name: 'Connect Now' }));
      await waitFor(() =>
        expect(leaveAppFor).toHaveBeenCalledWith('https://x.com/i/oauth2/authorize?x=1'),
      );
    });

    it("says 'Failed to get auth URL for {platform}' without a url", async () => {
      const { user } = renderPlatforms({
        answers: { 'GET /api/platforms/twitter/auth/c1': { body: { url: '' } } },
      });
      await user.click((await card('X (Twitter)')).getByRole('button', { name: 'Connect Now' }));
      expect(await screen.findByText('Failed to get auth URL for X (Twitter)')).toBeInTheDocument();
      expect(leaveAppFor).not.toHaveBeenCalled();
    });

    it("says 'Failed to get auth URL: {message}' when the call fails", async () => {
      const { user } = renderPlatforms({
        answers: {
          'GET /api/platforms/twitter/auth/c1': {
            status: 503,
            body: {
              statusCode: 503,
              code: 'PROVIDER_UNAVAILABLE',
              message: 'X is not answering right now',
              error: 'Service Unavailable',
            },
          },
        },
      });
      const connect = (await card('X (Twitter)')).getByRole('button', { name: 'Connect Now' });
      await user.click(connect);
      expect(
        await screen.findByText('Failed to get auth URL: X is not answering right now'),
      ).toBeInTheDocument();
      expect(connect).toBeEnabled();
    });

    it('offers Reconnect for an account that needs reconnection', async () => {
      const { user } = renderPlatforms({
        credentials: [makeCredential({ needsReconnection: true })],
        answers: {
          'GET /api/platforms/twitter/auth/c1': {
            body: { url: 'https://x.com/i/oauth2/authorize' },
          },
        },
      });
      const x = await card('X (Twitter)');
      expect(x.getByText('Needs reconnection')).toBeInTheDocument();
      expect(x.queryByRole('button', { name: 'Post now' })).not.toBeInTheDocument();
      await user.click(x.getByRole('button', { name: 'Reconnect' }));
      await waitFor(() =>
        expect(leaveAppFor).toHaveBeenCalledWith('https://x.com/i/oauth2/authorize'),
      );
    });
  });

  describe('back from the consent page', () => {
    it('says it connected, then removes the parameters', async () => {
      renderPlatforms({
        credentials: [makeCredential()],
        at: `${PLATFORMS_PATH}?success=true&platform=twitter`,
      });
      expect(await screen.findByText('Connected to X (Twitter)')).toBeInTheDocument();
      await waitFor(() => expect(window.location.search).toBe(''));
      expect(window.location.pathname).toBe(PLATFORMS_PATH);
    });

    it("says 'Failed to connect to {platform}: {error}'", async () => {
      renderPlatforms({
        at: `${PLATFORMS_PATH}?error=You%20cancelled%20on%20LinkedIn&platform=linkedin`,
      });
      expect(
        await screen.findByText('Failed to connect to LinkedIn: You cancelled on LinkedIn'),
      ).toBeInTheDocument();
      await waitFor(() => expect(window.location.search).toBe(''));
    });
  });

  describe("back from Meta's consent: the Page picker", () => {
    const silver = makeCompany({
      subscriptionTier: 'silver',
      stripeSubscriptionId: 'sub_1',
      subscription: { status: 'active' },
    });
    const metaPage = (id: string, name: string, problem: string | null = null) => ({
      id,
      name,
      pictureUrl: `https://pages.example/${id}.jpg`,
      instagram: problem ? null : { id: `ig-${id}`, username: `harbor${id}`, pictureUrl: null },
      problem,
    });
    const choice = (platform: 'facebook' | 'instagram', pages: unknown[], problem = null) => ({
      body: { platform, pages, problem, expiresAt: '2026-11-03T10:15:00.000Z' },
    });

    it('opens on the Pages granted, connects the one chosen, and says so', async () => {
      const { user, held, fetchMock } = renderPlatforms({
        company: silver,
        at: `${PLATFORMS_PATH}?choosePage=true&platform=facebook`,
        answers: {
          'GET /api/companies/c1/platforms/facebook/pages': choice('facebook', [
            metaPage('101', 'Harbor Coffee'),
            metaPage('102', 'Harbor Roastery'),
          ]),
          'PUT /api/companies/c1/platforms/facebook/page': () => {
            held.credentials = [
              makeCredential({
                _id: 'cred-fb',
                platform: 'facebook',
                handle: 'Harbor Roastery',
                accountName: 'Harbor Roastery',
                page: { id: '102', name: 'Harbor Roastery' },
              }),
            ];
            return Promise.resolve(jsonResponse(held.credentials[0]));
          },
        },
      });
      const dialog = await screen.findByRole('dialog', { name: 'Choose your Facebook Page' });
      expect(dialog).toHaveAccessibleDescription(
        'Sailpost posts to one Facebook Page for Harbor Coffee. Choose it from the Pages you shared.',
      );
      // The query is gone: a reload or Back does not open the picker again.
      await waitFor(() => expect(window.location.search).toBe(''));
      await user.click(await within(dialog).findByRole('radio', { name: 'Harbor Roastery' }));
      await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
      expect(await screen.findByText('Connected to Facebook')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'PUT /api/companies/c1/platforms/facebook/page')).toEqual([
        { pageId: '102' },
      ]);
      expect((await card('Facebook')).getByText('Harbor Roastery')).toBeInTheDocument();
    });

    it("explains a Page without a linked Instagram account in the server's words, and a refused choice", async () => {
      const noAccount =
        'Harbor Roastery has no Instagram professional account linked. Link one in the Page settings, then connect again.';
      const { user } = renderPlatforms({
        company: makeCompany({
          subscriptionTier: 'platinum',
          stripeSubscriptionId: 'sub_1',
          subscription: { status: 'active' },
        }),
        at: `${PLATFORMS_PATH}?choosePage=true&platform=instagram`,
        answers: {
          'GET /api/companies/c1/platforms/instagram/pages': choice('instagram', [
            metaPage('101', 'Harbor Coffee'),
            metaPage('102', 'Harbor Roastery', noAccount),
          ]),
          'PUT /api/companies/c1/platforms/instagram/page': {
            status: 409,
            body: {
              statusCode: 409,
              code: 'PAGE_CHOICE_NOT_PENDING',
              message: 'This choice has expired. Connect Instagram again.',
              error: 'Conflict',
            },
          },
        },
      });
      const dialog = await screen.findByRole('dialog', { name: 'Choose your Instagram account' });
      const usable = await within(dialog).findByRole('radio', { name: 'Harbor Coffee' });
      expect(usable).toHaveAccessibleDescription('Instagram: @harbor101');
      expect(within(dialog).getByRole('radio', { name: 'Harbor Roastery' })).toBeDisabled();
      expect(within(dialog).getByText(noAccount)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'This choice has expired. Connect Instagram again.',
      );
    });

    it("says no Pages were granted in the server's words", async () => {
      renderPlatforms({
        company: silver,
        at: `${PLATFORMS_PATH}?choosePage=true&platform=facebook`,
        answers: {
          'GET /api/companies/c1/platforms/facebook/pages': {
            body: {
              platform: 'facebook',
              pages: [],
              problem: 'You shared no Pages with Sailpost. Connect again and tick a Page.',
              expiresAt: '2026-11-03T10:15:00.000Z',
            },
          },
        },
      });
      const dialog = await screen.findByRole('dialog', { name: 'Choose your Facebook Page' });
      expect(
        await within(dialog).findByText(
          'You shared no Pages with Sailpost. Connect again and tick a Page.',
        ),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    });

    it('opens nothing for a platform that has no Pages', async () => {
      renderPlatforms({ at: `${PLATFORMS_PATH}?choosePage=true&platform=twitter` });
      await card('X (Twitter)');
      await waitFor(() => expect(window.location.search).toBe(''));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('disconnecting', () => {
    it("asks first, reads 'Disconnecting...' while busy, then shows the card unconnected", async () => {
      const deletion = deferredAnswer();
      const { user, held, fetchMock } = renderPlatforms({
        credentials: [makeCredential()],
        answers: { 'DELETE /api/companies/c1/platform-credentials/cred-x': deletion.answer },
      });
      await user.click((await card('X (Twitter)')).getByRole('button', { name: 'Disconnect' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Disconnect X (Twitter)?' });
      expect(dialog).toHaveAccessibleDescription(/no longer post to @harborcoffee/);
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

      await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
      expect(within(dialog).getByRole('button', { name: 'Disconnecting...' })).toBeDisabled();
      expect(callKeys(fetchMock)).toContain('DELETE /api/companies/c1/platform-credentials/cred-x');

      held.credentials = [];
      deletion.resolve(jsonResponse({ message: 'Disconnected' }));
      expect(await screen.findByText('X (Twitter) disconnected')).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(
        (await card('X (Twitter)')).getByRole('button', { name: 'Connect Now' }),
      ).toBeInTheDocument();
    });

    it('keeps the account on Cancel', async () => {
      const { user, fetchMock } = renderPlatforms({ credentials: [makeCredential()] });
      await user.click((await card('X (Twitter)')).getByRole('button', { name: 'Disconnect' }));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(callKeys(fetchMock).some((key) => key.startsWith('DELETE'))).toBe(false);
    });

    it("says 'Failed to disconnect platform: {message}'", async () => {
      const { user } = renderPlatforms({
        credentials: [makeCredential()],
        answers: {
          'DELETE /api/companies/c1/platform-credentials/cred-x': {
            status: 404,
            body: {
              statusCode: 404,
              code: 'CREDENTIAL_NOT_FOUND',
              message: 'Credential not found',
              error: 'Not Found',
            },
          },
        },
      });
      await user.click((await card('X (Twitter)')).getByRole('button', { name: 'Disconnect' }));
      await user.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }),
      );
      expect(
        await screen.findByText('Failed to disconnect platform: Credential not found'),
      ).toBeInTheDocument();
    });
  });

  describe('the icons', () => {
    it("say 'Please connect to {platform} first' for a platform not connected", async () => {
      const { user } = renderPlatforms();
      await user.click((await card('LinkedIn')).getByRole('button', { name: 'Post to LinkedIn' }));
      expect(await screen.findByText('Please connect to LinkedIn first')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("open 'Post to {platform}' for a connected one", async () => {
      const { user } = renderPlatforms({ credentials: [makeCredential()] });
      await user.click(
        (await card('X (Twitter)')).getByRole('button', { name: 'Post to X (Twitter)' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Post to X (Twitter)' });
      expect(dialog).toHaveAccessibleDescription('Posts now as @harborcoffee.');
      expect(within(dialog).getByPlaceholderText("What's on your mind?")).toHaveFocus();
    });
  });

  it('keeps what was typed when the dialog is closed without posting', async () => {
    const { user } = renderPlatforms({ credentials: [makeCredential()] });
    const icon = (await card('X (Twitter)')).getByRole('button', { name: 'Post to X (Twitter)' });
    await user.click(icon);
    const dialog = await screen.findByRole('dialog', { name: 'Post to X (Twitter)' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Post text' }), 'Half a thought');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(icon);
    expect(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Post text' }),
    ).toHaveValue('Half a thought');
  });

  it("says 'Failed to load platform connections', inline and as a toast, and tries again", async () => {
    let fail = true;
    const { user } = renderPlatforms({
      answers: {
        'GET /api/companies/c1/platform-credentials': () =>
          Promise.resolve(
            fail
              ? jsonResponse(
                  { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Down', error: 'x' },
                  503,
                )
              : jsonResponse([]),
          ),
      },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Failed to load platform connections');
    expect(screen.getAllByText('Failed to load platform connections')).toHaveLength(2);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await card('X (Twitter)')).toBeTruthy();
  });
});
