import {
  consentStateOf,
  DEFAULT_CONSENT,
  GA4_SCRIPT_PATH,
  GA4_STAND_IN_PATH,
  GA4_TAG_ORIGIN,
  SANDBOX_MEASUREMENT_ID,
  type AnalyticsEventName,
  type AnalyticsEventParams,
  type ConsentChoice,
} from '#shared/domain/analytics';
import { readConsent } from './consent';

/**
 * GA4 through Google's own gtag.js, in Consent Mode v2's basic mode: nothing loads and nothing is
 * sent until the visitor accepts analytics; before the tag, every consent type is denied, and
 * each decision is one consent update. Events go out only while analytics is accepted; a page
 * title or address is never the document's (titles carry company and campaign names).
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let loaded = false;
let sending = false;
/**
 * Events of a page that just loaded (back from X's consent page, say) come before the stored
 * decision is applied, which waits for the stage's configuration: they wait here if the visitor
 * accepted, and are dropped otherwise. A few at most: beyond these nothing happens that early.
 */
let waiting: unknown[][] = [];
const WAITING_AT_MOST = 20;

/** Google's snippet: gtag.js reads each command as the Arguments object pushed here. */
function gtag(..._command: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params -- gtag.js expects Arguments, not an array
  window.dataLayer.push(arguments);
}

/** The sandbox's fake id loads its stand-in's tag from this origin; a real id loads Google's. */
const tagUrl = (measurementId: string) =>
  measurementId === SANDBOX_MEASUREMENT_ID
    ? `${GA4_STAND_IN_PATH}${GA4_SCRIPT_PATH}?id=${measurementId}`
    : `${GA4_TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;

/** GA's cookies (`_ga`, `_ga_<id>`), on this host and the domains above it where gtag sets them. */
const forgetGaCookies = () => {
  const hosts = window.location.hostname.split('.').map((_, i, parts) => parts.slice(i).join('.'));
  for (const name of document.cookie.split('; ').map((entry) => entry.split('=')[0]!)) {
    if (!name.startsWith('_ga')) continue;
    document.cookie = `${name}=; max-age=0; path=/`;
    for (const host of hosts) document.cookie = `${name}=; max-age=0; path=/; domain=.${host}`;
  }
};

type Page = AnalyticsEventParams['page_view'];

/**
 * The page every later hit names, instead of the document's address and title; the referrer is
 * cut to its origin (a same-site one would carry its query: a sign-in's code, say).
 */
const setPage = (page: Page) => {
  let referrer = '';
  try {
    referrer = document.referrer ? new URL(document.referrer).origin : '';
  } catch {
    // No address: no referrer.
  }
  gtag('set', { ...page, page_referrer: referrer });
};

/**
 * Applies one decision (or, on a new page, the stored one) for the stage's measurement id, on
 * `page`: the events that waited for it are sent as of that page.
 */
export const applyConsent = (measurementId: string, choice: ConsentChoice, page?: Page): void => {
  sending = choice.analytics;
  if (loaded) gtag('consent', 'update', consentStateOf(choice));
  else if (choice.analytics) {
    gtag('consent', 'default', DEFAULT_CONSENT);
    gtag('consent', 'update', consentStateOf(choice));
    gtag('js', new Date());
    if (page) setPage(page);
    gtag('config', measurementId, { send_page_view: false });
    const script = document.createElement('script');
    script.async = true;
    script.src = tagUrl(measurementId);
    document.head.append(script);
    loaded = true;
  }
  if (!choice.analytics) forgetGaCookies();
  const early = waiting;
  waiting = [];
  if (sending) for (const command of early) gtag(...command);
};

/** Sends an event, only while analytics is accepted; the parameters are the event's own. */
export const track = <E extends AnalyticsEventName>(
  event: E,
  ...[params]: AnalyticsEventParams[E] extends Record<string, never>
    ? []
    : [AnalyticsEventParams[E]]
): void => {
  if (sending) gtag('event', event, params ?? {});
  else if (!loaded && readConsent()?.analytics && waiting.length < WAITING_AT_MOST)
    waiting.push(['event', event, params ?? {}]);
};

/** A route change: later events carry this page's address and title, and one page_view goes. */
export const trackPageView = (page: Page): void => {
  if (!sending) return;
  setPage(page);
  track('page_view', page);
};

/** The GA4 client id (from the `_ga` cookie, `GA1.1.<id>`), only while analytics is accepted. */
export const analyticsClientId = (): string | undefined => {
  if (!sending) return undefined;
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith('_ga='));
  return cookie ? /^_ga=GA\d\.\d\.(\d+\.\d+)$/.exec(cookie)?.[1] : undefined;
};
