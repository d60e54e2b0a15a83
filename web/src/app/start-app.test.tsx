import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#web/test/fetch-mock';
import { companiesPage, makeUser, makeVerificationStatus, seedSession } from '#web/test/fixtures';
import { renderPage, signedInPaths } from './render-page';
import { startApp } from './start-app';

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
});

/** #root as index.html has it once the page for `prerendered` has been moved in. */
const prerenderedRoot = async (prerendered: string) => {
  const { markup } = await renderPage(prerendered);
  container = document.createElement('div');
  container.innerHTML = markup;
  container.setAttribute('data-prerendered', prerendered);
  document.body.append(container);
  return container;
};

const start = async (element: HTMLElement) => {
  const onRecoverableError = vi.fn();
  await act(async () => {
    root = await startApp(element, { onRecoverableError });
  });
  return onRecoverableError;
};

describe('the prerendered public pages', () => {
  it.each([
    ['/', 'Your AI social media assistant, approved by text.'],
    ['/login', 'Log in'],
    ['/register', 'Create your account'],
  ])('%s is hydrated in place: same nodes, no mismatch', async (path, heading) => {
    window.history.replaceState(null, '', path);
    mockFetch({
      'GET /api/users/count/total': { body: { total: 10 } },
      'GET /api/config': {
        body: { stage: 'test', sandbox: false, googleSignIn: false, analytics: null },
      },
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = await prerenderedRoot(path);
    const prerenderedHeading = element.querySelector('h1');
    expect(prerenderedHeading).toHaveTextContent(heading);

    const onRecoverableError = await start(element);

    await vi.waitFor(() =>
      expect(
        Object.keys(element.querySelector('h1')!).some((key) => key.startsWith('__react')),
      ).toBe(true),
    );
    expect(element.querySelector('h1')).toBe(prerenderedHeading);
    expect(onRecoverableError).not.toHaveBeenCalled();
    // React's development warnings about text or attributes that differ (the test's own server
    // renderer in this process also warns about sharing contexts; that is not about the page).
    const mismatches = consoleError.mock.calls.filter(([message]) =>
      /hydrat|did not match|server rendered/i.test(String(message)),
    );
    expect(mismatches).toEqual([]);
  });

  it('are rendered without a session and without data', async () => {
    const { title, markup } = await renderPage('/');
    expect(title).toBe('<title>Sailpost — your AI social media assistant</title>');
    expect(markup).toContain('Get started');
    expect(markup).not.toContain('Go to Dashboard');
    expect(markup).not.toContain('founder accounts remaining');
  });

  it("renders any other path from scratch, replacing a page that is not the path's", async () => {
    window.history.replaceState(null, '', '/forgot-password');
    const element = await prerenderedRoot('/');
    await start(element);
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your AI social media assistant,')).not.toBeInTheDocument();
    expect(element).not.toHaveAttribute('data-prerendered');
  });
});

describe('the prerendered dashboard shell', () => {
  afterEach(() => localStorage.clear());

  it('is the frame and header without a session or a greeting', async () => {
    const { title, markup } = await renderPage('/dashboard');
    expect(title).toBe('<title>Dashboard · Sailpost</title>');
    expect(markup).toContain('Here is where your companies, campaigns and drafts come together.');
    expect(markup).toContain('Loading your session');
    expect(markup).not.toMatch(/Good (morning|afternoon|evening)/);
  });

  it('is hydrated in place, then becomes the owner’s dashboard', async () => {
    window.history.replaceState(null, '', '/dashboard');
    seedSession({ user: makeUser({ firstName: 'Ada' }) });
    mockFetch({
      'GET /api/config': {
        body: { stage: 'test', sandbox: false, googleSignIn: false, analytics: null },
      },
      'GET /api/auth/verification-status': { body: makeVerificationStatus(true) },
      'GET /api/companies/user/u1': companiesPage([]),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = await prerenderedRoot('/dashboard');

    const onRecoverableError = await start(element);

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: /^Good (morning|afternoon|evening), Ada$/,
      }),
    ).toBeInTheDocument();
    expect(onRecoverableError).not.toHaveBeenCalled();
    const mismatches = consoleError.mock.calls.filter(([message]) =>
      /hydrat|did not match|server rendered/i.test(String(message)),
    );
    expect(mismatches).toEqual([]);
    expect(screen.queryByText('Loading your session')).not.toBeInTheDocument();
  });
});

describe('signedInPaths', () => {
  it('lists the paths that need a session, for sending signed-out visitors to /login', () => {
    const paths = signedInPaths();
    expect(paths).toEqual(
      expect.arrayContaining(['/dashboard', '/dashboard/company/:companyId/edit', '/profile']),
    );
    for (const publicPath of ['/', '/login', '/register', '/reset-password', '/terms', '/*']) {
      expect(paths).not.toContain(publicPath);
    }
  });
});
