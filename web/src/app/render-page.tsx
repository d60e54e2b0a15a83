import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { AppProviders } from './providers';
import { routes, SIGNED_IN_ROUTE_ID } from './router';

export interface RenderedPage {
  /** The page's <title> element. */
  title: string;
  /** What goes inside #root. */
  markup: string;
}

/**
 * A public page's HTML as the browser's first render produces it (the build puts it into
 * index.html; start-app.tsx hydrates it): the app's own routes and providers, rendered with no
 * session and no data yet (the founders count, the deployment's configuration arrive later).
 */
export const renderPage = async (path: string): Promise<RenderedPage> => {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  if (context.errors) throw Object.values(context.errors)[0] as Error;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  // React puts the hoisted <title> first; in the browser it goes into the head.
  const title = /^<title>.*?<\/title>/.exec(html)?.[0];
  if (!title) throw new Error(`${path} rendered no <title> first`);
  return { title, markup: html.slice(title.length) };
};

/** The path patterns that need a session ('/dashboard/company/:companyId', '/profile', …). */
export const signedInPaths = (): string[] => {
  const patterns: string[] = [];
  const walk = (route: RouteObject, prefix: string, signedIn: boolean) => {
    const path = !route.path
      ? prefix
      : route.path.startsWith('/')
        ? route.path
        : `${prefix.replace(/\/$/, '')}/${route.path}`;
    const inside = signedIn || route.id === SIGNED_IN_ROUTE_ID;
    if (inside && route.path) patterns.push(path);
    for (const child of route.children ?? []) walk(child, path, inside);
  };
  for (const route of routes) walk(route, '', false);
  return patterns;
};
