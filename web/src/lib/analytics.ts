/** Product analytics events, pushed to `window.dataLayer`; no third-party script. */
export const ANALYTICS_EVENTS = [
  'sign_up_start',
  'sign_up_complete',
  'campaign_create',
  'social_connect',
  'content_approve',
  'content_reject',
  // A tour step whose element was missing or hidden (the tour skipped it): a screen changed.
  'error:target_not_found',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export type AnalyticsProperties = Record<string, string | number | boolean>;

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

export const track = (event: AnalyticsEvent, properties: AnalyticsProperties = {}) => {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...properties });
};

/** The GA4 client id (from the `_ga` cookie, `GA1.1.<id>`), only once analytics is accepted. */
export const analyticsClientId = (): string | undefined => {
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith('_ga='));
  return cookie ? /^_ga=GA\d\.\d\.(\d+\.\d+)$/.exec(cookie)?.[1] : undefined;
};
