import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/domain/users';
import {
  companiesPage,
  makeCompany,
  makeUser,
  makeVerificationStatus,
  seedSession,
} from '#web/test/fixtures';
import { mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { PathProbe, renderRoutes } from '#web/test/render';
import { ProtectedRoute } from '../protected-route';
import { mobileTitle } from './app-layout';

const COMPANIES = [
  makeCompany({ _id: 'c1', name: 'Harbor Coffee' }),
  makeCompany({ _id: 'c2', name: 'Tide Yoga' }),
];

const renderApp = ({
  at = '/dashboard',
  sandbox = false,
  answers = {},
}: { at?: string; sandbox?: boolean; answers?: Record<string, MockAnswer> } = {}) => {
  mockFetch({
    'GET /api/config': { body: { stage: 'test', sandbox, googleSignIn: false, analytics: null } },
    'GET /api/companies/user/u1': companiesPage(COMPANIES),
    ...answers,
  });
  return renderRoutes(
    [
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/dashboard', element: <PathProbe name="dashboard" /> },
          { path: '/dashboard/support', element: <PathProbe name="support" /> },
          { path: '/dashboard/companies/new', element: <PathProbe name="new company" /> },
          { path: '/dashboard/company/:companyId', element: <PathProbe name="overview" /> },
          {
            path: '/dashboard/company/:companyId/platforms',
            element: <PathProbe name="platforms" />,
          },
        ],
      },
      { path: '/login', element: <PathProbe name="login" /> },
    ],
    { at },
  );
};

// Headless UI's menu measures its button; jsdom has no ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const sidebar = () => within(screen.getByRole('complementary'));

describe('protected layout', () => {
  it('sends a visitor without a session to /login', async () => {
    const { router } = renderApp();
    expect(await screen.findByText('Screen: login')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each<[Role, boolean]>([
    ['admin', true],
    ['founder', true],
    ['staff', false],
    ['user', false],
  ])('shows Founder Forum to %s: %s', (role, visible) => {
    seedSession({ user: makeUser({ role }) });
    renderApp();
    expect(screen.getByText('Screen: dashboard')).toBeInTheDocument();
    expect(sidebar().getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(sidebar().getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      '/dashboard/support',
    );
    const forum = sidebar().queryByRole('link', { name: 'Founder Forum' });
    if (visible) expect(forum).toHaveAttribute('href', '/dashboard/forum');
    else expect(forum).not.toBeInTheDocument();
  });

  it.each<[Role, boolean]>([
    ['admin', true],
    ['founder', false],
    ['staff', false],
    ['user', false],
  ])('shows Business numbers to %s: %s', (role, visible) => {
    seedSession({ user: makeUser({ role }) });
    renderApp();
    const link = sidebar().queryByRole('link', { name: 'Business numbers' });
    if (visible) expect(link).toHaveAttribute('href', '/dashboard/admin');
    else expect(link).not.toBeInTheDocument();
  });

  it("shows the user's name (to /profile) and the phone status", () => {
    seedSession({
      user: makeUser({ firstName: 'Maya', lastName: 'Lopez', isPhoneVerified: true }),
    });
    renderApp();
    expect(sidebar().getByRole('link', { name: 'Maya Lopez' })).toHaveAttribute('href', '/profile');
    expect(sidebar().getByTitle('Phone verified')).toBeInTheDocument();
  });

  it('says when the phone is not verified', () => {
    seedSession({ user: makeUser({ isPhoneVerified: false }) });
    renderApp();
    expect(sidebar().getByTitle('Phone not verified')).toBeInTheDocument();
  });

  it('logs out to /login and clears the session', async () => {
    seedSession();
    renderApp();
    await userEvent.click(sidebar().getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Screen: login')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('opens the mobile menu, and closes it with Escape or the backdrop', async () => {
    seedSession({ user: makeUser({ role: 'founder' }) });
    renderApp();
    const user = userEvent.setup();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveAttribute('aria-controls', 'mobile-sidebar');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Founder Forum' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(screen.getByTestId('menu-backdrop'));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Tab inside the open mobile menu and makes the page behind it inert', async () => {
    seedSession();
    renderApp();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const close = within(menu).getByRole('button', { name: 'Close menu' });
    expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');

    await user.tab({ shift: true });
    const last = document.activeElement;
    expect(menu).toContainElement(last as HTMLElement);
    expect(last).not.toBe(close);
    await user.tab();
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });

  it('closes the mobile menu when a link is followed', async () => {
    seedSession();
    renderApp();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Support' }),
    );
    expect(await screen.findByText('Screen: support')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('closes the mobile menu when the link followed is the page already shown', async () => {
    seedSession();
    renderApp();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Dashboard' }),
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('titles the mobile top bar by path', () => {
    seedSession();
    renderApp();
    expect(screen.getByRole('banner')).toHaveTextContent('Dashboard');
    expect(mobileTitle('/dashboard')).toBe('Dashboard');
    expect(mobileTitle('/dashboard/support')).toBe('Support');
    expect(mobileTitle('/dashboard/company/c1/platforms')).toBe('Platforms');
    expect(mobileTitle('/dashboard/company/c1/calendar')).toBe('Calendar');
    expect(mobileTitle('/dashboard/company/c1/performance')).toBe('Performance');
    expect(mobileTitle('/dashboard/forum')).toBe('Founder Forum');
    expect(mobileTitle('/dashboard/forum/growth-marketing/t1')).toBe('Founder Forum');
    expect(mobileTitle('/dashboard/forumx')).toBe('Sailpost');
  });

  it("titles the company overview '{company} Overview' on mobile", async () => {
    seedSession();
    renderApp({ at: '/dashboard/company/c2' });
    expect(
      await within(screen.getByRole('banner')).findByText('Tide Yoga Overview'),
    ).toBeInTheDocument();
    expect(mobileTitle('/dashboard/company/c2', 'Tide Yoga')).toBe('Tide Yoga Overview');
    expect(mobileTitle('/dashboard/company/c2/campaigns', 'Tide Yoga')).toBe('Campaigns');
    expect(mobileTitle('/dashboard/company/new')).toBe('Sailpost');
  });

  it('shows the phone status from the server, over the stored flag', async () => {
    seedSession({ user: makeUser({ isPhoneVerified: false }) });
    renderApp({
      answers: { 'GET /api/auth/verification-status': { body: makeVerificationStatus(true) } },
    });
    expect(await sidebar().findByTitle('Phone verified')).toBeInTheDocument();
  });

  describe('company picker', () => {
    const picker = () => sidebar().getByRole('button', { name: /^Company / });

    it("is a menu button listing the user's companies and 'Add company'", async () => {
      seedSession();
      renderApp();
      const user = userEvent.setup();
      await waitFor(() => expect(picker()).toHaveAccessibleName('Company Select a company'));
      expect(picker()).toHaveAttribute('aria-haspopup', 'menu');
      expect(picker()).toHaveAttribute('aria-expanded', 'false');
      await user.click(picker());
      const menu = await screen.findByRole('menu');
      const items = within(menu).getAllByRole('menuitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveAccessibleName('Harbor Coffee');
      expect(items[1]).toHaveAccessibleName('Tide Yoga');
      expect(items[2]).toHaveAccessibleName('Add company');
      expect(sidebar().queryByRole('link', { name: 'Company Overview' })).not.toBeInTheDocument();
    });

    it('moves with the arrow keys without navigating, and Enter opens the chosen company', async () => {
      seedSession();
      renderApp();
      const user = userEvent.setup();
      await waitFor(() => expect(picker()).toHaveAccessibleName('Company Select a company'));
      picker().focus();
      await user.keyboard('{Enter}');
      const menu = await screen.findByRole('menu');
      await waitFor(() =>
        expect(within(menu).getByRole('menuitem', { name: 'Harbor Coffee' })).toHaveAttribute(
          'data-focus',
        ),
      );
      await user.keyboard('{ArrowDown}');
      expect(within(menu).getByRole('menuitem', { name: 'Tide Yoga' })).toHaveAttribute(
        'data-focus',
      );
      // Moving is not choosing: still on the dashboard.
      expect(window.location.pathname).toBe('/dashboard');
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Screen: overview')).toBeInTheDocument();
      expect(window.location.pathname).toBe('/dashboard/company/c2');
      await waitFor(() => expect(picker()).toHaveAccessibleName('Company Tide Yoga'));
      expect(await sidebar().findByRole('link', { name: 'Company Overview' })).toBeInTheDocument();

      await user.click(picker());
      await user.click(await screen.findByRole('menuitem', { name: 'Add company' }));
      expect(await screen.findByText('Screen: new company')).toBeInTheDocument();
    });

    it("shows a company's items only when the route's id is one of the user's companies", async () => {
      seedSession();
      renderApp({ at: '/dashboard/company/c2/platforms' });
      const overview = await sidebar().findByRole('link', { name: 'Company Overview' });
      expect(picker()).toHaveAccessibleName('Company Tide Yoga');
      expect(overview).toHaveAttribute('href', '/dashboard/company/c2');
      expect(sidebar().getByRole('link', { name: 'Platforms' })).toHaveAttribute(
        'href',
        '/dashboard/company/c2/platforms',
      );
      expect(sidebar().getByRole('link', { name: 'Platforms' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(sidebar().getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
        'href',
        '/dashboard/company/c2/campaigns',
      );
      expect(sidebar().getByRole('link', { name: 'Calendar' })).toHaveAttribute(
        'href',
        '/dashboard/company/c2/calendar',
      );
      expect(sidebar().getByRole('link', { name: 'Performance' })).toHaveAttribute(
        'href',
        '/dashboard/company/c2/performance',
      );
    });

    it('shows no company items for an id that is not one of them', async () => {
      seedSession();
      renderApp({ at: '/dashboard/company/someone-elses' });
      await waitFor(() => expect(picker()).toHaveAccessibleName('Company Select a company'));
      expect(sidebar().queryByRole('link', { name: 'Company Overview' })).not.toBeInTheDocument();
      expect(sidebar().queryByRole('link', { name: 'Platforms' })).not.toBeInTheDocument();
    });

    it("offers 'Add company' when there are none", async () => {
      seedSession();
      renderApp({ answers: { 'GET /api/companies/user/u1': companiesPage([]) } });
      expect(await sidebar().findByRole('link', { name: 'Add company' })).toHaveAttribute(
        'href',
        '/dashboard/companies/new',
      );
      expect(sidebar().queryByRole('button', { name: /^Company / })).not.toBeInTheDocument();
    });
  });

  it("links the 'Sandbox mode' badge to the dev inbox in sandbox mode", async () => {
    seedSession();
    renderApp({ sandbox: true });
    expect(await sidebar().findByRole('link', { name: /Sandbox mode/ })).toHaveAttribute(
      'href',
      '/_sandbox',
    );
  });
});
