import type { AnalyticsEvent } from '#shared/domain/analytics';

/** One event the server reports to GA4, for one GA client (the browser's, or an opaque one). */
export interface ServerAnalyticsEvent {
  readonly clientId: string;
  readonly event: AnalyticsEvent;
}

/** Where the server's analytics events go: GA4's Measurement Protocol, its stand-in, or nowhere. */
export interface AnalyticsSender {
  send(event: ServerAnalyticsEvent): Promise<void>;
}
