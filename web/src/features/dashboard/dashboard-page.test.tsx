import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  companiesPage,
  makeCampaignList,
  makeCompany,
  makeCredential,
  makeUser,
  makeVerificationStatus,
  seedSession,
} from '#web/test/fixtures';
import { mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { DashboardPage } from './dashboard-page';

const renderDashboard = (answers: Record<string, MockAnswer>) => {
  seedSession({ user: makeUser({ isPhoneVerified: true }) });
  const fetchMock = mockFetch({
    'GET /api/auth/verification-status': { body: makeVerificationStatus(true) },
    ...answers,
  });
  renderScreen('/dashboard', <DashboardPage />, { at: '/dashboard' });
  return fetchMock;
};

describe('DashboardPage', () => {
  it("shows the user's companies as cards with their links", async () => {
    renderDashboard({
      'GET /api/companies/user/u1': companiesPage([
        makeCompany(),
        makeCompany({
          _id: 'c2',
          name: 'Tide Yoga',
          description: '',
          website: '',
          subscriptionTier: 'gold',
          stripeSubscriptionId: 'sub_1',
          subscription: { status: 'active' },
          founder: true,
        }),
      ]),
    });
    const section = screen.getByRole('region', { name: 'Your Companies' });
    expect(within(section).getByText('Loading companies')).toBeInTheDocument();

    const harbor = (await within(section).findByRole('link', { name: 'Harbor Coffee' })).closest(
      'li',
    )!;
    expect(within(section).getByRole('link', { name: 'Add Company' })).toHaveAttribute(
      'href',
      '/dashboard/companies/new',
    );
    expect(within(section).queryByText('Create Your First Company')).not.toBeInTheDocument();
    expect(within(harbor).getByRole('link', { name: 'Harbor Coffee' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1',
    );
    expect(within(harbor).getByRole('link', { name: 'Platforms' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/platforms',
    );
    expect(within(harbor).getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns',
    );
    expect(within(harbor).getByText('harbor.coffee')).toBeInTheDocument();
    expect(within(harbor).getByText('Intro')).toBeInTheDocument();
    expect(
      within(harbor).getByRole('img', { name: 'Brand colours: #0B5FFF, #E4572E' }),
    ).toBeInTheDocument();

    const tide = within(section).getByRole('link', { name: 'Tide Yoga' }).closest('li')!;
    expect(within(tide).getByText('No description')).toBeInTheDocument();
    expect(within(tide).getByText('Gold')).toBeInTheDocument();
    expect(within(tide).getByText('Founder')).toBeInTheDocument();
    expect(within(harbor).queryByText('Founder')).not.toBeInTheDocument();
  });

  it("offers 'Create Your First Company' when there are none", async () => {
    renderDashboard({ 'GET /api/companies/user/u1': companiesPage([]) });
    expect(await screen.findByRole('link', { name: 'Create Your First Company' })).toHaveAttribute(
      'href',
      '/dashboard/companies/new',
    );
    expect(screen.queryByRole('link', { name: 'Add Company' })).not.toBeInTheDocument();
    // Quick tips stay.
    expect(screen.getByRole('listitem', { name: 'Add your company, to do' })).toBeInTheDocument();
  });

  it('fails soft: a toast with the reason and an inline retry', async () => {
    renderDashboard({
      'GET /api/companies/user/u1': {
        status: 503,
        body: { statusCode: 503, message: 'Service unavailable' },
      },
    });
    expect(
      await screen.findByText('Failed to load companies: Service unavailable'),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load companies. Please try again.');

    mockFetch({
      'GET /api/auth/verification-status': { body: makeVerificationStatus(true) },
      'GET /api/companies/user/u1': companiesPage([makeCompany()]),
    });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Harbor Coffee' })).toBeInTheDocument();
  });
});

describe('phone verification prompt on the dashboard', () => {
  const renderUnverified = () => {
    seedSession({ user: makeUser({ isPhoneVerified: false }) });
    mockFetch({
      'GET /api/companies/user/u1': companiesPage([]),
      'GET /api/auth/verification-status': { body: makeVerificationStatus(false) },
    });
    return renderScreen('/dashboard', <DashboardPage />, { at: '/dashboard' });
  };

  it('opens when the status says not verified, and stays away this session after Later', async () => {
    const first = renderUnverified();
    const dialog = await screen.findByRole('dialog', { name: 'Verify your phone number' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    renderUnverified();
    expect(
      await screen.findByRole('link', { name: 'Create Your First Company' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open for a verified phone', async () => {
    seedSession({ user: makeUser({ isPhoneVerified: false }) });
    mockFetch({
      'GET /api/companies/user/u1': companiesPage([]),
      'GET /api/auth/verification-status': { body: makeVerificationStatus(true) },
    });
    renderScreen('/dashboard', <DashboardPage />, { at: '/dashboard' });
    expect(
      await screen.findByRole('link', { name: 'Create Your First Company' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('quick tips on the dashboard', () => {
  const tips = () => screen.getByRole('region', { name: 'Quick tips' });
  const tip = (name: string) => within(tips()).getByRole('listitem', { name });

  it('shows a new owner every step to do, each with a link to do it', async () => {
    seedSession({ user: makeUser({ isPhoneVerified: false }) });
    mockFetch({
      'GET /api/companies/user/u1': companiesPage([]),
      'GET /api/auth/verification-status': { body: makeVerificationStatus(false) },
    });
    renderScreen('/dashboard', <DashboardPage />, { at: '/dashboard' });
    expect(
      await within(tips()).findByRole('progressbar', { name: 'Setup progress' }),
    ).toHaveAttribute('aria-valuetext', '0 of 4 done');
    expect(
      within(tip('Verify your phone, to do')).getByRole('link', { name: 'Verify phone' }),
    ).toHaveAttribute('href', '/profile');
    expect(
      within(tip('Add your company, to do')).getByRole('link', { name: 'Add company' }),
    ).toHaveAttribute('href', '/dashboard/companies/new');
    // Platforms and campaigns need a company first.
    expect(
      within(tip('Connect X or LinkedIn, to do')).getByRole('link', {
        name: 'Connect a platform',
      }),
    ).toHaveAttribute('href', '/dashboard/companies/new');
    expect(tip('Create a campaign, to do')).toBeInTheDocument();
  });

  it('marks what the owner has done from the profile, companies, platforms and campaigns', async () => {
    renderDashboard({
      'GET /api/companies/user/u1': companiesPage([
        makeCompany(),
        makeCompany({ _id: 'c2', name: 'Tide Yoga' }),
      ]),
      'GET /api/companies/c1/platform-credentials': { body: [] },
      'GET /api/companies/c2/platform-credentials': {
        body: [makeCredential({ _id: 'p1', handle: '@tideyoga', accountName: 'Tide Yoga' })],
      },
      'GET /api/campaigns/company/c1': { body: makeCampaignList([], { limit: 1 }) },
      'GET /api/campaigns/company/c2': { body: makeCampaignList([], { limit: 1 }) },
    });
    expect(
      await within(tips()).findByRole('progressbar', { name: 'Setup progress' }),
    ).toHaveAttribute('aria-valuetext', '3 of 4 done');
    // The steps done fold into one line; the step left keeps its card and its link.
    const done = within(tips()).getByRole('list', { name: 'Steps done' });
    expect(
      within(done)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Verify your phone', 'Add your company', 'Connect X or LinkedIn']);
    expect(within(done).getByRole('listitem', { name: 'Add your company, done' })).toBeVisible();
    expect(within(done).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(tip('Create a campaign, to do')).getByRole('link', { name: 'Create a campaign' }),
    ).toHaveAttribute('href', '/dashboard/company/c1/campaigns');
    expect(within(tips()).getAllByRole('link')).toHaveLength(1);
  });

  it('folds into one line once every step is done', async () => {
    renderDashboard({
      'GET /api/companies/user/u1': companiesPage([makeCompany()]),
      'GET /api/companies/c1/platform-credentials': { body: [makeCredential()] },
      'GET /api/campaigns/company/c1': {
        body: makeCampaignList([], { total: 1, limit: 1 }),
      },
    });
    expect(
      await within(tips()).findByText('All 4 steps done: your drafts will arrive by text.'),
    ).toBeInTheDocument();
    expect(within(tips()).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(tips()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the steps without a status when the progress cannot be read', async () => {
    renderDashboard({
      'GET /api/companies/user/u1': companiesPage([makeCompany()]),
    });
    expect(await within(tips()).findByRole('link', { name: 'Connect a platform' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/platforms',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(tips()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(tip('Connect X or LinkedIn')).toBeInTheDocument();
    expect(screen.queryByText(/Failed/)).not.toBeInTheDocument();
  });
});
