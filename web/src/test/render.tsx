import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../lib/session';

/** A stand-in screen that shows which path the app navigated to. */
export const PathProbe = ({ name }: { name: string }) => <p>{`Screen: ${name}`}</p>;

interface RenderOptions {
  /** The path to start at. */
  at: string;
  /** Extra routes (e.g. where a screen navigates to). */
  routes?: RouteObject[];
}

/**
 * Renders screens with the app's providers (fresh SWR cache, session, toasts) in a browser router
 * on jsdom's history, so `window.location` follows navigation as in the app.
 */
export const renderRoutes = (routes: RouteObject[], { at }: RenderOptions) => {
  window.history.replaceState(null, '', at);
  const router = createBrowserRouter(routes);
  const utils = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
};

export const renderScreen = (
  path: string,
  element: ReactNode,
  { at, routes = [] }: RenderOptions,
) => renderRoutes([{ path, element }, ...routes], { at });

function Providers({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider>
        {children}
        <Toaster />
      </SessionProvider>
    </SWRConfig>
  );
}
