import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { completeHandoff } from './prerender-handoff';
import { AppProviders } from './providers';
import { createAppRouter, whenRouterReady, type AppRouter } from './router';

/**
 * Runs `effect` once the first render has committed (a prerendered page: once it is hydrated).
 * It wraps rather than sits beside the app: a sibling would shift every `useId` of the tree, and
 * the ids would no longer match the prerendered HTML.
 */
function AfterFirstCommit({ effect, children }: { effect: () => void; children: ReactNode }) {
  // Before the first paint of the hydrated page, so nothing typed is ever shown gone.
  useLayoutEffect(effect, [effect]);
  return children;
}

const appElement = (router: AppRouter, afterFirstCommit: () => void = () => undefined) => (
  <StrictMode>
    <AfterFirstCommit effect={afterFirstCommit}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AfterFirstCommit>
  </StrictMode>
);

/** The path as the router matches it: '/login/' is '/login'. */
const currentPath = () => window.location.pathname.replace(/\/+$/, '') || '/';

/**
 * Starts the app in #root. The build renders the public pages into index.html
 * (web/build/first-paint.ts); the one for the current path is in #root before anything paints
 * (`data-prerendered` names it). It is hydrated once its screen has loaded, so the first render
 * matches it; any other path renders from scratch.
 */
export const startApp = async (
  container: HTMLElement,
  options: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<Root> => {
  const router = createAppRouter();
  // As transitions, the first render and the hydration yield to the browser every few
  // milliseconds instead of blocking it in one long task.
  if (container.getAttribute('data-prerendered') === currentPath()) {
    await whenRouterReady(router);
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(
        container,
        appElement(router, () => completeHandoff(container)),
        options,
      );
    });
    return root!;
  }
  container.removeAttribute('data-prerendered');
  container.replaceChildren();
  const root = createRoot(container, options);
  startTransition(() => root.render(appElement(router)));
  return root;
};
