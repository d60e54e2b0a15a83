/**
 * Lets code outside React (the API client) change route. The router registers its `navigate`
 * at start-up; until then, and in tests that register nothing, the browser navigates.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

const browserNavigate: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: Navigate = browserNavigate;

export const setNavigator = (navigate: Navigate | null) => {
  current = navigate ?? browserNavigate;
};

export const navigateTo: Navigate = (to, options) => current(to, options);
