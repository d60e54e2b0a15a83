import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/domain/users';
import { makeUser, seedSession } from '../../test/fixtures';
import { mockFetch } from '../../test/fetch-mock';
import { PathProbe, renderRoutes } from '../../test/render';
import { ProtectedRoute } from '../protected-route';
import { mobileTitle } from './app-layout';

const renderApp = ({ at = '/dashboard', sandbox = false } = {}) => {
  mockFetch({ 'GET /api/config': { body: { stage: 'test', sandbox, googleSignIn: false } } });
  return renderRoutes(
    [
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/dashboard', element: <PathProbe name="dashboard" /> },
          { path: '/dashboard/support', element: <PathProbe name="support" /> },
        ],
      },
      { path: '/login', element: <PathProbe name="login" /> },
    ],
    { at },
  );
};

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

  it('titles the mobile top bar by path', () => {
    seedSession();
    renderApp();
    expect(screen.getByRole('banner')).toHaveTextContent('Dashboard');
    expect(mobileTitle('/dashboard')).toBe('Dashboard');
    expect(mobileTitle('/dashboard/support')).toBe('Sailpost');
    expect(mobileTitle('/dashboard/company/c1/platforms')).toBe('Platforms');
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
