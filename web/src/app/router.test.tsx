import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../lib/lazy-import';
import { makeUser, seedSession } from '../test/fixtures';
import { mockFetch } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { RouteErrorFallback } from './route-error-fallback';
import { routes } from './router';

describe('routes', () => {
  it("shows 'Page Not Found' with a 'Go to Dashboard' link for unknown paths", async () => {
    mockFetch({});
    renderRoutes(routes, { at: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('sends a signed-out visitor from /dashboard to the login screen', async () => {
    mockFetch({});
    renderRoutes(routes, { at: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('shows the dashboard with its empty companies section when signed in', async () => {
    seedSession({ user: makeUser({ firstName: 'Maya' }) });
    mockFetch({});
    renderRoutes(routes, { at: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: /Maya/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Companies' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Company' })).toHaveAttribute(
      'href',
      '/dashboard/companies/new',
    );
    expect(screen.getByText('Add your company')).toBeInTheDocument();
    expect(screen.getByText('Connect X and LinkedIn')).toBeInTheDocument();
    expect(screen.getByText('Create a campaign and approve posts by text')).toBeInTheDocument();
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
