import { storeOf } from './session-storage';

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

/** Where a signed-in user starts, and where sign-in goes when nothing asked for another page. */
export const HOME_PATH = '/dashboard';

/** The query parameter of /login that names the page to return to after sign-in. */
export const RETURN_PARAM = 'next';

/** Longer than any of the app's own paths with their queries; anything longer is not one of ours. */
const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * Pages that sign-in must not return to (they would only send the user on again); the router
 * matches paths whatever their case.
 */
const NOT_RETURNED_TO = /^\/(login|register|auth)(\/|$|\?|#)/i;

/**
 * The app's origin: the page's own, or a stand-in where there is no page (the build's
 * prerendering), where no return path is followed anyway.
 */
const appOrigin = (): string =>
  typeof window === 'undefined' ? 'https://app.invalid' : window.location.origin;

/**
 * Encoded slashes and backslashes: in none of the app's paths, and a later decoding could make
 * them real ones.
 */
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/**
 * The page to return to, if `value` names a page of this site (a path, or an address on this very
 * origin), else null. The value is resolved first, as a browser would resolve it against the app's
 * address (dot segments, tabs and new lines dropped, backslashes read as slashes), and only its
 * result is judged: it must be on this origin, and the path it yields must resolve to the same
 * place again — `/..//evil.example` resolves to the path `//evil.example`, which, followed, would
 * leave the site (the router refuses it, stranding the user on /login). The answer is the
 * resolved path, so what was checked is what is followed.
 */
export const safeReturnPath = (value: string | null | undefined): string | null => {
  if (!value || value.length > MAX_RETURN_PATH_LENGTH) return null;
  const origin = appOrigin();
  // A path, or an address that names this origin; never a relative path, which means a
  // different page depending on where it is read.
  if (!value.startsWith('/') && !value.toLowerCase().startsWith(`${origin}/`)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (new URL(path, origin).href !== url.href) return null;
  if (ENCODED_SEPARATOR.test(url.pathname)) return null;
  return NOT_RETURNED_TO.test(path) ? null : path;
};

/** /login, carrying the page to come back to (left out for the dashboard, where sign-in goes anyway). */
export const loginPathReturningTo = (path: string): string => {
  const safe = safeReturnPath(path);
  return safe && safe !== HOME_PATH
    ? `/login?${RETURN_PARAM}=${encodeURIComponent(safe)}`
    : '/login';
};

const PENDING_RETURN_KEY = 'sailpost:return-to';

/**
 * Sign-in through another site (Google) leaves the app and comes back on a callback page; the page
 * to return to waits in this tab's sessionStorage meanwhile.
 */
export const rememberReturnPath = (path: string | null) => {
  // With storage switched off, sign-in goes to the dashboard.
  const safe = safeReturnPath(path);
  if (safe) storeOf('session')?.setItem(PENDING_RETURN_KEY, safe);
  else storeOf('session')?.removeItem(PENDING_RETURN_KEY);
};

/** The remembered page (checked again: storage can be edited), removed so it is used once. */
export const takeReturnPath = (): string | null => {
  const store = storeOf('session');
  const stored = store?.getItem(PENDING_RETURN_KEY) ?? null;
  store?.removeItem(PENDING_RETURN_KEY);
  return safeReturnPath(stored);
};

/**
 * Leaves the app for another site (a provider's consent page), as a link would. Only http(s)
 * addresses are followed (never `javascript:` or `data:`); returns whether the browser is leaving.
 */
export const leaveAppFor = (url: string): boolean => {
  let target: URL;
  try {
    target = new URL(url, window.location.origin);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  window.location.assign(target.href);
  return true;
};
