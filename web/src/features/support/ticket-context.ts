/**
 * What a new ticket says about where the owner stands, so that they need not type it: the browser
 * and system from the user agent, and the page of the app they came from.
 */

/** Brands in the order they must be tested: Edge and Opera also say Chrome, Chrome says Safari. */
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ['iOS', /iPhone|iPad|iPod/],
  ['Android', /Android/],
  ['Windows', /Windows/],
  ['ChromeOS', /CrOS/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux/],
];

/** "Chrome 131 on macOS", "Safari 18 on iOS"; the user agent itself when it is none of these. */
export const describeBrowser = (userAgent: string): string => {
  const browser = BROWSERS.map(([name, pattern]) => {
    const version = pattern.exec(userAgent)?.[1];
    return version ? `${name} ${version}` : null;
  }).find(Boolean);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  if (!browser) return userAgent.slice(0, 200) || 'Unknown browser';
  return system ? `${browser} on ${system}` : browser;
};

const SUPPORT_PAGE = /^\/dashboard\/support(?:[/?#]|$)/;

/** A path of the app other than Support itself (which says nothing about the problem). */
const elsewhereInApp = (path: string): string | null =>
  path.startsWith('/') && !path.startsWith('//') && !SUPPORT_PAGE.test(path) ? path : null;

/**
 * The app's page the owner came from: the one the Support link was followed from (it rides in the
 * navigation's state), else a page of this app that linked here; null when they came from outside.
 */
export const pageCameFrom = (state: unknown, referrer: string, origin: string): string | null => {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  if (typeof from === 'string') return elsewhereInApp(from);
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.origin === origin ? elsewhereInApp(`${url.pathname}${url.search}`) : null;
  } catch {
    return null;
  }
};
