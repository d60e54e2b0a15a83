import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../lib/lazy-import';
import {
  makeCampaign,
  makeCampaignList,
  makeCampaignSummary,
  makeCompany,
  makeUser,
  seedSession,
} from '../test/fixtures';
import { mockFetch, type MockAnswer } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { RouteErrorFallback } from './route-error-fallback';
import { routes } from './router';
import { companiesPage } from '#web/test/fixtures';

describe('routes', () => {
  it("shows 'Page Not Found' with a 'Go to Dashboard' link to a signed-in user", async () => {
    seedSession();
    mockFetch({});
    renderRoutes(routes, { at: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it("offers 'Home' and 'Log in' on the 404 page to a signed-out visitor", async () => {
    mockFetch({});
    renderRoutes(routes, { at: '/no/such/page' });
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor from /dashboard to the login screen', async () => {
    mockFetch({});
    renderRoutes(routes, { at: '/dashboard' });
    // The first visit loads the login screen's module: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Log in' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('');
  });

  it('keeps the page a signed-out visitor asked for in ?next=', async () => {
    mockFetch({});
    renderRoutes(routes, { at: '/dashboard/company/c1?tab=x' });
    // The first visit loads the login screen's module: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Log in' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('next')).toBe(
      '/dashboard/company/c1?tab=x',
    );
  });

  it('sends a signed-out visitor of a forum thread to sign in, to come back to it', async () => {
    mockFetch({});
    renderRoutes(routes, { at: '/dashboard/forum/general/t1' });
    expect(
      await screen.findByRole('heading', { name: 'Log in' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('next')).toBe(
      '/dashboard/forum/general/t1',
    );
  });

  it("sends a signed-out visitor of a text's review link to sign in, to come back to it", async () => {
    mockFetch({});
    renderRoutes(routes, { at: '/r/Ab3dE6gH9k' });
    expect(
      await screen.findByRole('heading', { name: 'Log in' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/r/Ab3dE6gH9k');
  });

  it.each(['/login', '/register'])(
    'sends a signed-in user from %s to the dashboard',
    async (at) => {
      seedSession();
      mockFetch({ 'GET /api/companies/user/u1': companiesPage([]) });
      renderRoutes(routes, { at });
      // Two screens' modules load here: slow on a busy machine.
      expect(
        await screen.findByRole('heading', { name: 'Your Companies' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/dashboard');
    },
  );

  it('shows the dashboard with its empty companies section when signed in', async () => {
    seedSession({ user: makeUser({ firstName: 'Maya' }) });
    mockFetch({ 'GET /api/companies/user/u1': companiesPage([]) });
    renderRoutes(routes, { at: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: /Maya/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Companies' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Create Your First Company' })).toHaveAttribute(
      'href',
      '/dashboard/companies/new',
    );
    const tips = screen.getByRole('region', { name: 'Quick tips' });
    expect(within(tips).getByRole('listitem', { name: 'Add your company, to do' })).toBeVisible();
  });
});

describe('company routes', () => {
  const signedIn = (answers: Record<string, MockAnswer> = {}) => {
    seedSession();
    mockFetch({
      'GET /api/companies/user/u1': companiesPage([makeCompany()]),
      'GET /api/companies/c1': { body: makeCompany() },
      'GET /api/companies/c1/platform-credentials': { body: [] },
      'GET /api/campaigns/company/c1': {
        body: makeCampaignList([makeCampaignSummary({ name: 'Autumn blend launch' })]),
      },
      'GET /api/campaigns/k1': { body: makeCampaign({ name: 'Autumn blend launch' }) },
      ...answers,
    });
  };

  it.each(['/dashboard/companies/new', '/dashboard/company/new'])(
    'serves the create form at %s',
    async (path) => {
      // A user with no company yet (with one on the intro tier, the page asks for an upgrade).
      seedSession();
      mockFetch({ 'GET /api/companies/user/u1': companiesPage([]) });
      renderRoutes(routes, { at: path });
      expect(await screen.findByRole('heading', { name: 'Add a company' })).toBeInTheDocument();
      expect(await screen.findByLabelText('Company name')).toBeInTheDocument();
    },
  );

  it.each([
    '/dashboard/companies',
    '/dashboard/company/c1/content',
    '/dashboard/company/c1/analytics',
  ])('shows the companies list view at %s', async (path) => {
    signedIn();
    renderRoutes(routes, { at: path });
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Harbor Coffee' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1',
    );
  });

  it('shows the calendar at /dashboard/company/c1/calendar, inside the layout', async () => {
    signedIn();
    renderRoutes(routes, { at: '/dashboard/company/c1/calendar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the Performance page at /dashboard/company/c1/performance, inside the layout', async () => {
    const never = { from: '2026-11-27T08:00:00.000Z', to: '2026-11-27T08:00:00.000Z' };
    signedIn({
      'GET /api/companies/c1/performance': {
        body: {
          timeZone: 'America/Los_Angeles',
          resultCount: 0,
          mostlyStartingGuess: true,
          collectionPausedUntil: null,
          overTime: { period: never, weeks: [] },
          topPosts: { period: never, posts: [] },
          campaigns: { period: never, campaigns: [] },
          heatMap: { period: never, cells: [] },
        },
      },
      'GET /api/companies/c1/performance/best-times': {
        body: { timeZone: 'America/Los_Angeles', platforms: [] },
      },
    });
    renderRoutes(routes, { at: '/dashboard/company/c1/performance' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Performance' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No results yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Performance' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('lists the campaigns at /dashboard/company/c1/campaigns, inside the layout', async () => {
    signedIn();
    renderRoutes(routes, { at: '/dashboard/company/c1/campaigns' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Autumn blend launch' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k1',
    );
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(breadcrumb).findByRole('link', { name: 'Harbor Coffee' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1',
    );
  });

  it.each([
    ['/dashboard/company/c1/campaigns/new', 'Create Campaign'],
    ['/dashboard/company/c1/campaigns/k1', 'Autumn blend launch'],
    ['/dashboard/company/c1/campaigns/k1/edit', 'Edit Campaign'],
  ])('serves %s', async (path, heading) => {
    signedIn();
    renderRoutes(routes, { at: path });
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it("serves the company's platforms at /dashboard/company/c1/platforms", async () => {
    signedIn();
    renderRoutes(routes, { at: '/dashboard/company/c1/platforms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Platforms' })).toBeInTheDocument();
    expect(await screen.findByText('Managing platforms for')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'X (Twitter)' })).toBeInTheDocument();
  });

  it("says 'This feature is coming soon. Stay tuned!' at /dashboard/campaigns", async () => {
    signedIn();
    renderRoutes(routes, { at: '/dashboard/campaigns' });
    expect(await screen.findByText('This feature is coming soon. Stay tuned!')).toBeInTheDocument();
  });

  it('points to choosing a company at /dashboard/platforms', async () => {
    signedIn();
    renderRoutes(routes, { at: '/dashboard/platforms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Platforms' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Harbor Coffee' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/platforms',
    );
  });

  it.each([
    '/dashboard/forum',
    '/dashboard/forum/general',
    '/dashboard/forum/general/0f8fad5b-d9cb-469f-a165-70867728950e',
  ])("shows the 404 page, not the app's frame, at %s to someone outside the forum", async (at) => {
    signedIn();
    renderRoutes(routes, { at });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Founder Forum/)).not.toBeInTheDocument();
  });

  it.each(['founder', 'admin'] as const)(
    'serves the forum at /dashboard/forum to a %s',
    async (role) => {
      seedSession({ user: makeUser({ role }) });
      mockFetch({
        'GET /api/companies/user/u1': companiesPage([]),
        'GET /api/forum/categories': { body: [] },
        'GET /api/forum/threads/top': { body: [] },
      });
      renderRoutes(routes, { at: '/dashboard/forum' });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Founder Forum' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument();
    },
  );

  it.each(['user', 'founder', 'staff'] as const)(
    'shows the 404 page at /dashboard/admin to a %s',
    async (role) => {
      seedSession({ user: makeUser({ role }) });
      renderRoutes(routes, { at: '/dashboard/admin' });
      expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
      expect(screen.queryByText(/Business numbers/)).not.toBeInTheDocument();
    },
  );

  it('serves the business numbers at /dashboard/admin to an admin', async () => {
    seedSession({ user: makeUser({ role: 'admin' }) });
    mockFetch({
      'GET /api/companies/user/u1': companiesPage([]),
      'GET /api/admin/business': { status: 500, body: {} },
    });
    renderRoutes(routes, { at: '/dashboard/admin' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Business numbers' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('serves the profile at /profile', async () => {
    signedIn();
    renderRoutes(routes, { at: '/profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });
});

describe('RouteErrorFallback', () => {
  const renderFailing = (error: Error) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    return renderRoutes(
      [
        {
          path: '/',
          errorElement: <RouteErrorFallback />,
          lazy: async () => {
            throw error;
          },
        },
      ],
      { at: '/' },
    );
  };

  it("reads 'Unexpected Application Error!' and offers a reload", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailing(new Error('boom'));
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalled();
  });

  it('explains a screen that failed to load', async () => {
    renderFailing(new ChunkLoadError('Loading the screen timed out after 120 seconds'));
    expect(await screen.findByText(/This screen could not be loaded/)).toBeInTheDocument();
  });
});
