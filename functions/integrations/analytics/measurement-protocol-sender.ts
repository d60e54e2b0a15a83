import type { MeasurementProtocolBody } from '#shared/domain/analytics';
import type { AnalyticsSender } from './analytics-sender';

/**
 * GA4's Measurement Protocol: one POST per event to `{endpoint}?measurement_id=…&api_secret=…`.
 * The same code posts to Google and to the sandbox's stand-in; only the endpoint differs. The API
 * secret travels only in that address, which is never logged. A slow collector is given up on
 * soon: analytics never holds up the action it reports.
 */
export const MEASUREMENT_PROTOCOL_TIMEOUT_MS = 2_000;

export interface MeasurementProtocolTarget {
  /** `https://www.google-analytics.com/mp/collect`, or the stand-in's. */
  readonly endpoint: string;
  readonly measurementId: string;
  readonly apiSecret: string;
}

export class AnalyticsNotAccepted extends Error {
  override name = 'AnalyticsNotAccepted';
}

export const measurementProtocolSender = (target: MeasurementProtocolTarget): AnalyticsSender => ({
  async send({ clientId, event }) {
    const url = new URL(target.endpoint);
    url.searchParams.set('measurement_id', target.measurementId);
    url.searchParams.set('api_secret', target.apiSecret);
    const body: MeasurementProtocolBody = {
      client_id: clientId,
      timestamp_micros: Date.now() * 1000,
      // Sent from the server for the business's own counts: no advertising use.
      consent: { ad_user_data: 'denied', ad_personalization: 'denied' },
      events: [event],
    };
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(MEASUREMENT_PROTOCOL_TIMEOUT_MS),
    });
    // GA4 answers 2xx to anything it could read; the body says nothing more.
    if (!response.ok) throw new AnalyticsNotAccepted(`The collector answered ${response.status}`);
  },
});
