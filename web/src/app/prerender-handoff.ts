/**
 * What the prerendered page's inline script (web/build/first-paint.ts) and the app share on #root
 * while the app takes the page over: a button pressed before then, and that the app has taken over.
 */
export const PENDING_CLICK = '__sailpostPendingClick';
export const HYDRATED = '__sailpostHydrated';

type HandoffRoot = HTMLElement & { [PENDING_CLICK]?: HTMLElement; [HYDRATED]?: boolean };

/** Once the page is hydrated: presses again the button pressed while it was not (at most one). */
export const completeHandoff = (container: HTMLElement) => {
  const root = container as HandoffRoot;
  root[HYDRATED] = true;
  const pending = root[PENDING_CLICK];
  delete root[PENDING_CLICK];
  if (pending?.isConnected) pending.click();
};
