import { applyConsent } from '#web/lib/analytics';

/** As if the visitor had accepted analytics: from here on the module sends (into dataLayer). */
export const acceptAnalytics = (): void => applyConsent('G-TEST', { analytics: true });

/** The events the page sent through gtag (its `event` commands), in order. */
export const trackedEvents = (): { name: unknown; params: unknown }[] =>
  (window.dataLayer ?? [])
    .map((command) => Array.from(command as ArrayLike<unknown>))
    .filter(([kind]) => kind === 'event')
    .map(([, name, params]) => ({ name, params }));
