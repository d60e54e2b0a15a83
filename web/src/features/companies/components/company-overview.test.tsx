import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Company, CompanyOverview as Overview } from '#shared/contract/companies';
import { companiesPage, makeCompany, makeOverview, seedSession } from '#web/test/fixtures';
import {
  bodiesSentTo,
  callKeys,
  deferredAnswer,
  jsonResponse,
  mockFetch,
} from '#web/test/fetch-mock';
import { useCompany } from '#web/lib/api/get-company';
import { PathProbe, renderRoutes, renderScreen } from '#web/test/render';
import { waitWithFakeTimers } from '#web/test/wait-with-fake-timers';
import { CompanyOverviewPage } from '../company-overview-page';
import { CHECKOUT_POLL_MS, CHECKOUT_WAIT_MS } from '../use-checkout-return';
import { CompanyOverview } from './company-overview';

const NOW = Date.parse('2026-11-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(NOW + days * DAY).toISOString();

const renderOverview = (company: Company, overview: Partial<Overview> | null = {}) => {
  seedSession();
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': companiesPage([company]),
    [`DELETE /api/companies/${company._id}`]: { body: { message: 'Company deleted' } },
  });
  renderScreen(
    '/dashboard/company/:companyId',
    <CompanyOverview
      company={company}
      overview={overview ? makeOverview({ company, ...overview }) : undefined}
      now={NOW}
    />,
    {
      at: `/dashboard/company/${company._id}`,
      routes: [{ path: '/dashboard', element: <PathProbe name="dashboard" /> }],
    },
  );
  return { fetchMock, user: userEvent.setup() };
};

describe('CompanyOverview', () => {
  it('shows the name, breadcrumb, tier and the cards', () => {
    renderOverview(makeCompany());
    expect(screen.getByRole('heading', { level: 1, name: 'Harbor Coffee' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(breadcrumb).getByText('Harbor Coffee').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Small-batch roastery in Portland')).toBeInTheDocument();
    expect(screen.getByTitle('Subscription tier')).toHaveTextContent('Intro');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/edit',
    );

    const platforms = screen.getByRole('region', { name: 'Platforms' });
    expect(platforms).toHaveTextContent('0connected platforms');
    expect(within(platforms).getByRole('link', { name: 'Manage Platforms' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/platforms',
    );
    const campaigns = screen.getByRole('region', { name: 'Campaigns' });
    expect(campaigns).toHaveTextContent('0active0drafts');
    expect(within(campaigns).getByRole('link', { name: 'Manage Campaigns' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns',
    );
    expect(screen.getByText('No recent activity to display.')).toBeInTheDocument();
  });

  it("says 'No description' without one", () => {
    renderOverview(makeCompany({ description: '' }));
    expect(screen.getByText('No description')).toBeInTheDocument();
  });

  it('shows placeholders for the counts and the activity while the overview loads', () => {
    renderOverview(makeCompany(), null);
    expect(screen.getByRole('region', { name: 'Campaigns' })).toHaveTextContent('activedrafts');
    expect(screen.queryByText('No recent activity to display.')).not.toBeInTheDocument();
  });

  it("counts connected platforms and campaigns, and lists the server's recent activity", () => {
    renderOverview(makeCompany(), {
      campaigns: { total: 5, active: 1, draft: 2, paused: 1, completed: 1 },
      connectedPlatforms: [{ platform: 'twitter', needsReconnection: false }],
      recentActivity: [
        {
          id: 'k1',
          kind: 'campaign-active',
          text: 'Campaign "Autumn blend" is active',
          date: null,
        },
      ],
    });
    expect(screen.getByRole('region', { name: 'Platforms' })).toHaveTextContent(
      '1connected platform',
    );
    expect(screen.getByRole('region', { name: 'Campaigns' })).toHaveTextContent('1active2drafts');
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(activity).getAllByRole('listitem')).toHaveLength(1);
    expect(activity).toHaveTextContent('Campaign "Autumn blend" is active');
  });

  it("shows a connected account's date in Recent Activity, or 'Recently'", () => {
    renderOverview(makeCompany(), {
      recentActivity: [
        {
          id: 'p1',
          kind: 'platform',
          text: 'Connected X (Twitter) account',
          date: '2026-11-03T10:00:00.000Z',
        },
        { id: 'p2', kind: 'platform', text: 'Connected LinkedIn account', date: null },
      ],
    });
    const items = within(screen.getByRole('region', { name: 'Recent Activity' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Connected X (Twitter) accountNov 3, 2026');
    expect(items[1]).toHaveTextContent('Connected LinkedIn accountRecently');
  });

  it('names the connected platforms, and those needing reconnection', () => {
    renderOverview(makeCompany(), {
      connectedPlatforms: [
        { platform: 'twitter', needsReconnection: true },
        { platform: 'linkedin', needsReconnection: false },
      ],
    });
    const platforms = screen.getByRole('region', { name: 'Platforms' });
    expect(platforms).toHaveTextContent('2connected platforms');
    const list = within(platforms).getByRole('list', { name: 'Connected platforms' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('X (Twitter)Needs reconnection');
    expect(items[1]).toHaveTextContent(/LinkedIn$/);
    expect(items[1]).not.toHaveTextContent('Needs reconnection');
  });

  describe('trial banner', () => {
    it("shows 'Free Trial Active' with the days left, rounded up", async () => {
      const { user } = renderOverview(makeCompany({ trialEndDate: inDays(13.2) }));
      const banner = screen.getByRole('status');
      expect(banner).toHaveTextContent('Free Trial Active');
      expect(banner).toHaveTextContent('14 days remaining in your free trial.');
      await user.click(within(banner).getByRole('button', { name: 'Choose Plan' }));
      expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
    });

    it('turns red at 2 days or fewer', () => {
      renderOverview(makeCompany({ trialEndDate: inDays(1.5) }));
      const banner = screen.getByRole('alert');
      expect(banner).toHaveClass('bg-red-50');
      expect(banner).toHaveTextContent('Trial Ending Soon!');
      expect(banner).toHaveTextContent("Only 2 days left - Don't lose the momentum you've built!");
      expect(within(banner).getByRole('button', { name: 'Choose Plan Now' })).toBeInTheDocument();
    });

    it('says 1 day in the singular', () => {
      renderOverview(makeCompany({ trialEndDate: inDays(0.25) }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        "Only 1 day left - Don't lose the momentum you've built!",
      );
    });

    it('says the trial expired once the end date has passed', async () => {
      const { user } = renderOverview(makeCompany({ trialEndDate: inDays(-1) }));
      const banner = screen.getByRole('alert');
      expect(banner).toHaveTextContent('Trial Expired');
      expect(banner).toHaveTextContent(
        'Please set up a subscription to continue using all features',
      );
      await user.click(within(banner).getByRole('button', { name: 'Set Up Subscription' }));
      expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
    });

    it('is not shown with a subscription', () => {
      renderOverview(makeCompany({ trialEndDate: inDays(-1), stripeSubscriptionId: 'sub_1' }));
      expect(screen.queryByText('Trial Expired')).not.toBeInTheDocument();
    });
  });

  describe('the last morning', () => {
    /** The notice (a polite status) whose title is this. */
    const noticeTitled = (title: string) => {
      const notice = screen.getByText(title).closest<HTMLElement>('[role="status"]');
      expect(notice).not.toBeNull();
      return notice!;
    };
    // NOW is 4:00 AM on Nov 10 in Los Angeles: the last morning was Nov 9's, the next at 8:00.
    const yesterday = {
      day: '2026-11-09',
      drafts: 0,
      skipped: null,
      nextMorningAt: '2026-11-10T16:00:00.000Z',
    } as const;

    it("says the drafts were skipped when the day's AI generations were used, and when they resume", async () => {
      const { user } = renderOverview(makeCompany(), {
        lastMorning: { ...yesterday, skipped: 'generations-used' },
      });
      const notice = noticeTitled('Yesterday’s morning drafts were skipped');
      expect(notice).toHaveTextContent(
        'That day’s AI generations were already used. Drafting resumes Tue, Nov 10 at 8:00 AM, Los Angeles time.',
      );
      // More a day is a plan away.
      await user.click(within(notice).getByRole('button', { name: 'Manage Subscription' }));
      expect(await screen.findByRole('dialog', { name: 'Manage Subscription' })).toBeVisible();
    });

    it('says the drafts were not texted without a verified phone, and where to verify it', () => {
      renderOverview(makeCompany(), {
        lastMorning: { ...yesterday, drafts: 2, skipped: 'no-verified-phone' },
      });
      const notice = noticeTitled('Yesterday’s 2 morning drafts were not texted');
      expect(notice).toHaveTextContent(
        'Your phone is not verified. They wait for your review in their campaigns; verify your phone, and the next drafts come by text on Tue, Nov 10 at 8:00 AM, Los Angeles time.',
      );
      expect(within(notice).getByRole('link', { name: 'Verify your phone' })).toHaveAttribute(
        'href',
        '/profile',
      );
    });

    it('says the drafts were not texted after STOP, and how to turn texts on', () => {
      renderOverview(makeCompany(), {
        lastMorning: { ...yesterday, day: '2026-11-10', drafts: 1, skipped: 'texts-off' },
      });
      const notice = noticeTitled('Today’s morning draft was not texted');
      expect(notice).toHaveTextContent(
        'You replied STOP, so texts are off. It waits for your review in its campaign; reply START to any Sailpost text, and the next drafts come by text on Tue, Nov 10 at 8:00 AM, Los Angeles time.',
      );
    });

    it('says when the text failed', () => {
      renderOverview(makeCompany(), {
        lastMorning: { ...yesterday, drafts: 3, skipped: 'text-failed' },
      });
      expect(
        noticeTitled('The text about yesterday’s 3 morning drafts could not be sent'),
      ).toHaveTextContent(
        'They wait for your review in their campaigns. The next text goes out Tue, Nov 10 at 8:00 AM, Los Angeles time.',
      );
    });

    it('says nothing when nothing was skipped, or when the paused plan already says why', () => {
      renderOverview(makeCompany(), { lastMorning: { ...yesterday, drafts: 2 } });
      expect(screen.queryByText(/morning draft/)).toBeNull();
      renderOverview(makeCompany(), { lastMorning: { ...yesterday, skipped: 'plan-lapsed' } });
      expect(screen.queryByText(/morning draft/)).toBeNull();
    });
  });

  it("shows 'Subscription Issue' for a status other than active", () => {
    renderOverview(makeCompany({ subscription: { status: 'past_due' } }));
    expect(screen.getByText('Subscription Issue')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your payment is past due. Please update your payment method to avoid service interruption.',
      ),
    ).toBeInTheDocument();
  });

  it('opens Manage Subscription with the plans and their prices; Escape closes it', async () => {
    const { user } = renderOverview(makeCompany());
    await user.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Subscription' });
    for (const tier of ['Intro', 'Silver', 'Gold', 'Platinum']) {
      expect(within(dialog).getByRole('heading', { name: tier })).toBeInTheDocument();
    }
    expect(within(dialog).getByText('$100')).toBeInTheDocument();
    expect(within(dialog).queryByText('Coming Soon')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toHaveFocus();
  });

  describe('plan badges and banners', () => {
    it("shows a founder's company as Intro and Founder, with no trial banner", () => {
      renderOverview(makeCompany({ founder: true, trialEndDate: inDays(1) }));
      expect(screen.getByTitle('Subscription tier')).toHaveTextContent('Intro');
      expect(screen.getByText('Founder')).toBeInTheDocument();
      expect(screen.queryByText('Trial Ending Soon!')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows the tier that applies: a paid Gold plan is Gold, an unpaid one is Intro', () => {
      renderOverview(
        makeCompany({
          subscriptionTier: 'gold',
          stripeSubscriptionId: 'sub_1',
          subscription: { status: 'active' },
        }),
      );
      expect(screen.getByTitle('Subscription tier')).toHaveTextContent('Gold');
      expect(screen.queryByText('Founder')).not.toBeInTheDocument();
    });

    it('says an unpaid subscription pauses drafting and publishing; Manage Subscription opens the plans', async () => {
      const { user } = renderOverview(
        makeCompany({
          subscriptionTier: 'gold',
          stripeSubscriptionId: 'sub_1',
          subscription: { status: 'unpaid' },
        }),
      );
      expect(screen.getByTitle('Subscription tier')).toHaveTextContent('Intro');
      const banner = screen.getByRole('alert');
      expect(banner).toHaveTextContent('Subscription Issue');
      expect(banner).toHaveTextContent(
        'Your subscription is unpaid. Please update your payment method to avoid service interruption.',
      );
      expect(banner).toHaveTextContent(
        'AI drafting and publishing are paused until the company has a plan.',
      );
      await user.click(within(banner).getByRole('button', { name: 'Manage Subscription' }));
      expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
    });

    it('says an expired trial pauses drafting and publishing', () => {
      renderOverview(makeCompany({ trialEndDate: inDays(-2) }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Trial ExpiredPlease set up a subscription to continue using all featuresAI drafting and publishing are paused until the company has a plan.',
      );
    });

    it('explains a lapsed plan that neither banner covers', async () => {
      const { user } = renderOverview(makeCompany({ trialEndDate: null }));
      const banner = screen.getByRole('alert');
      expect(banner).toHaveTextContent('Drafting and publishing are paused');
      expect(banner).toHaveTextContent(
        'Your free trial has ended. Choose a plan to keep generating and publishing posts.',
      );
      await user.click(within(banner).getByRole('button', { name: 'Choose Plan' }));
      expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
    });
  });

  describe('Delete', () => {
    it('asks first, naming the company; Cancel and Escape keep it', async () => {
      const { user, fetchMock } = renderOverview(makeCompany());
      const deleteButton = screen.getByRole('button', { name: 'Delete' });
      await user.click(deleteButton);
      const dialog = screen.getByRole('alertdialog', { name: 'Delete company?' });
      expect(dialog).toHaveAccessibleDescription(/Harbor Coffee and all of its data .* removed/);
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

      // Focus stays inside the dialog.
      await user.tab();
      await user.tab();
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(deleteButton).toHaveFocus();

      await user.click(deleteButton);
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(callKeys(fetchMock)).not.toContain('DELETE /api/companies/c1');
    });

    it('with a paid plan, says its subscription ends now and is not charged again', async () => {
      const { user } = renderOverview(
        makeCompany({
          subscriptionTier: 'gold',
          stripeCustomerId: 'cus_1',
          stripeSubscriptionId: 'sub_1',
          subscription: { status: 'active' },
          subscriptionCurrentPeriodEnd: inDays(20),
        }),
      );
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Delete company?' });
      expect(dialog).toHaveAccessibleDescription(
        /removed\. This cannot be undone\. Its Gold subscription ends today: it is cancelled at once and never charged again, and the rest of the billing period is not refunded\.$/,
      );
    });

    it.each([
      ['on the free trial', makeCompany({ trialEndDate: inDays(5) })],
      ['a founder’s free intro', makeCompany({ founder: true, trialEndDate: null })],
      [
        'whose subscription is already cancelled',
        makeCompany({
          subscriptionTier: 'gold',
          stripeSubscriptionId: 'sub_1',
          subscription: { status: 'canceled' },
          trialEndDate: null,
        }),
      ],
    ])('says nothing of a subscription for a company %s', async (_, company) => {
      const { user } = renderOverview(company);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Delete company?' });
      expect(dialog).toHaveAccessibleDescription(/This cannot be undone\.$/);
      expect(dialog).not.toHaveTextContent(/subscription/i);
    });

    it("deletes, says 'Company deleted' and goes to the dashboard", async () => {
      const { user, fetchMock } = renderOverview(makeCompany());
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
      expect(await screen.findByText('Screen: dashboard')).toBeInTheDocument();
      expect(await screen.findByText('Company deleted')).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'DELETE /api/companies/c1')).toHaveLength(1);
    });
  });
});

describe('CompanyOverviewPage', () => {
  const renderPage = (at: string, answers: Parameters<typeof mockFetch>[0]) => {
    seedSession();
    const fetchMock = mockFetch(answers);
    renderScreen('/dashboard/company/:companyId?', <CompanyOverviewPage />, {
      at,
      routes: [{ path: '/dashboard', element: <PathProbe name="dashboard" /> }],
    });
    return fetchMock;
  };

  it('loads the overview by the route id, in one call', async () => {
    const fetchMock = renderPage('/dashboard/company/c1', {
      'GET /api/companies/user/u1': companiesPage([]),
      'GET /api/companies/c1/overview': {
        body: makeOverview({
          company: makeCompany({ name: 'Tide Yoga' }),
          campaigns: { total: 4, active: 3, draft: 1, paused: 0, completed: 0 },
          connectedPlatforms: [{ platform: 'twitter', needsReconnection: false }],
          recentActivity: [
            { id: 'k1', kind: 'campaign-active', text: 'Campaign "Spring" is active', date: null },
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tide Yoga' })).toBeInTheDocument();
    expect(await screen.findByText('Campaign "Spring" is active')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Campaigns' })).toHaveTextContent('3active1drafts');
    expect(screen.getByRole('region', { name: 'Platforms' })).toHaveTextContent(
      '1connected platform',
    );
    expect(callKeys(fetchMock).filter((key) => key !== 'GET /api/companies/user/u1')).toEqual([
      'GET /api/companies/c1/overview',
    ]);
  });

  it("waits for the overview rather than paint the list's summary, which is not the company", async () => {
    const overview = deferredAnswer();
    renderPage('/dashboard/company/c1', {
      'GET /api/companies/user/u1': companiesPage([makeCompany()]),
      'GET /api/companies/c1/overview': overview.answer,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading company');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    overview.resolve(jsonResponse(makeOverview()));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbor Coffee' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Small-batch roastery in Portland')).toBeInTheDocument();
  });

  it('paints the company a page before has read at once, then its counts', async () => {
    seedSession();
    const overview = deferredAnswer();
    mockFetch({
      'GET /api/companies/user/u1': companiesPage([makeCompany()]),
      'GET /api/companies/c1': { body: makeCompany() },
      'GET /api/companies/c1/overview': overview.answer,
    });
    /** A company page (the platforms, the edit form) that reads the whole company. */
    function CompanyPage() {
      const { company } = useCompany('c1');
      return <p>{company ? `Read: ${company.name}` : 'Reading'}</p>;
    }
    const { router } = renderRoutes(
      [
        { path: '/dashboard/company/c1/platforms', element: <CompanyPage /> },
        { path: '/dashboard/company/:companyId', element: <CompanyOverviewPage /> },
      ],
      { at: '/dashboard/company/c1/platforms' },
    );
    expect(await screen.findByText('Read: Harbor Coffee')).toBeInTheDocument();
    await act(() => router.navigate('/dashboard/company/c1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbor Coffee' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Campaigns' })).toHaveTextContent('activedrafts');
    overview.resolve(
      jsonResponse(
        makeOverview({ campaigns: { total: 2, active: 2, draft: 0, paused: 0, completed: 0 } }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Campaigns' })).toHaveTextContent('2active0drafts'),
    );
  });

  it("gives a company without a chosen time zone the browser's, once", async () => {
    const browserZone = vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockReturnValue({ timeZone: 'Europe/Lisbon' } as Intl.ResolvedDateTimeFormatOptions);
    const unset = makeCompany({ timeZone: 'UTC', timeZoneChosen: false });
    const fetchMock = renderPage('/dashboard/company/c1', {
      'GET /api/companies/user/u1': { body: { data: [unset], total: 1 } },
      'GET /api/companies/c1/overview': { body: makeOverview({ company: unset }) },
      'PUT /api/companies/c1': {
        body: makeCompany({ timeZone: 'Europe/Lisbon', timeZoneChosen: true }),
      },
    });
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PUT /api/companies/c1')).toEqual([
        { timeZone: 'Europe/Lisbon' },
      ]),
    );
    browserZone.mockRestore();
  });

  it('leaves a chosen time zone alone', async () => {
    const fetchMock = renderPage('/dashboard/company/c1', {
      'GET /api/companies/user/u1': { body: { data: [makeCompany()], total: 1 } },
      'GET /api/companies/c1/overview': { body: makeOverview() },
    });
    await screen.findByRole('heading', { level: 1, name: 'Harbor Coffee' });
    await waitFor(() => expect(callKeys(fetchMock)).toContain('GET /api/companies/c1/overview'));
    // The adopting call would go out in the effect after the company painted.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(callKeys(fetchMock)).not.toContain('PUT /api/companies/c1');
  });

  it("says 'Failed to load company: …' and goes to /dashboard", async () => {
    renderPage('/dashboard/company/nope', {
      'GET /api/companies/user/u1': companiesPage([]),
      'GET /api/companies/nope/overview': {
        status: 404,
        body: {
          statusCode: 404,
          code: 'COMPANY_NOT_FOUND',
          message: 'Company not found',
          error: 'Not Found',
        },
      },
    });
    expect(await screen.findByText('Screen: dashboard')).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to load company: Company not found'),
    ).toBeInTheDocument();
  });

  it("says 'No company selected' without a company id and goes to /dashboard", async () => {
    renderPage('/dashboard/company', {});
    expect(await screen.findByText('Screen: dashboard')).toBeInTheDocument();
    expect(await screen.findByText('No company selected')).toBeInTheDocument();
  });

  it('opens Manage Subscription when asked by ?plan=choose, then removes the query', async () => {
    renderPage('/dashboard/company/c1?plan=choose', {
      'GET /api/companies/user/u1': companiesPage([]),
      'GET /api/companies/c1/overview': { body: makeOverview() },
    });
    expect(await screen.findByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  describe('back from Stripe', () => {
    const trial = makeCompany({ trialEndDate: new Date(Date.now() + 5 * DAY).toISOString() });
    const gold = makeCompany({
      subscriptionTier: 'gold',
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      subscription: { status: 'active' },
    });
    /** The company as the server holds it; the webhook changes it. */
    const renderReturn = (at: string) => {
      const held = { company: trial };
      renderPage(at, {
        'GET /api/companies/user/u1': companiesPage([trial]),
        'GET /api/companies/c1': () => Promise.resolve(jsonResponse(held.company)),
        'GET /api/companies/c1/overview': () =>
          Promise.resolve(jsonResponse(makeOverview({ company: held.company }))),
      });
      return held;
    };
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    it('waits calmly for the server, and names the tier only once the server has it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const held = renderReturn('/dashboard/company/c1?checkout=success&tier=gold&session_id=cs_1');
      await waitWithFakeTimers(() =>
        expect(screen.getByText('Confirming your payment with Stripe…')).toBeInTheDocument(),
      );
      expect(screen.getByTitle('Subscription tier')).toHaveTextContent('Intro');
      expect(screen.queryByText('Free Trial Active')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeDisabled();

      await tick(CHECKOUT_POLL_MS);
      await tick(CHECKOUT_POLL_MS);
      expect(screen.queryByText('Your company is now on the Gold plan.')).not.toBeInTheDocument();
      expect(window.location.search).toBe('?checkout=success&tier=gold&session_id=cs_1');

      // The webhook arrives.
      held.company = gold;
      await tick(CHECKOUT_POLL_MS);
      await waitWithFakeTimers(() =>
        expect(screen.getByText('Your company is now on the Gold plan.')).toBeInTheDocument(),
      );
      expect(screen.getByTitle('Subscription tier')).toHaveTextContent('Gold');
      expect(window.location.search).toBe('');
      expect(screen.queryByText('Confirming your payment with Stripe…')).not.toBeInTheDocument();
    });

    it('says it may take a minute when the server has not confirmed in time; Check again', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const held = renderReturn('/dashboard/company/c1?checkout=success&tier=gold');
      await waitWithFakeTimers(() =>
        expect(screen.getByText('Confirming your payment with Stripe…')).toBeInTheDocument(),
      );
      await tick(CHECKOUT_WAIT_MS);
      await waitWithFakeTimers(() =>
        expect(screen.getByText('Your payment is still being confirmed')).toBeInTheDocument(),
      );
      expect(screen.getByText(/This can take a minute/)).toBeInTheDocument();
      expect(window.location.search).toBe('');
      expect(screen.getByTitle('Subscription tier')).toHaveTextContent('Intro');

      held.company = gold;
      act(() => screen.getByRole('button', { name: 'Check again' }).click());
      await waitWithFakeTimers(() =>
        expect(screen.getByText('Your company is now on the Gold plan.')).toBeInTheDocument(),
      );
      expect(screen.queryByText('Your payment is still being confirmed')).not.toBeInTheDocument();
    });

    it('says the plan has not changed after a cancelled checkout, and removes the query', async () => {
      renderReturn('/dashboard/company/c1?checkout=cancelled');
      expect(
        await screen.findByText('Checkout cancelled — your plan has not changed.'),
      ).toBeInTheDocument();
      expect(window.location.search).toBe('');
      expect(screen.queryByText('Confirming your payment with Stripe…')).not.toBeInTheDocument();
    });
  });
});
