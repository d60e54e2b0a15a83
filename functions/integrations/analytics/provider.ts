import { config } from '#functions/core/config';
import { readDeclaredSecret } from '#functions/core/secrets';
import type { AnalyticsSender } from './analytics-sender';
import { measurementProtocolSender } from './measurement-protocol-sender';
import { noAnalyticsSender } from './no-analytics-sender';

/**
 * GA4's Measurement Protocol when the stage has a measurement id and an API secret (binding
 * `measurementProtocolSecret`): Google's endpoint in AWS, the GA4 stand-in's in the sandbox (which
 * sets GA4_MEASUREMENT_PROTOCOL_URL to it, with its own id and secret). Without them, nothing is
 * sent. The secret is read only when an event is sent.
 */
export const analyticsSender = async (): Promise<AnalyticsSender> => {
  const settings = config();
  const measurementId = settings.GA4_MEASUREMENT_ID;
  if (!measurementId || !(settings.GA4_API_SECRET || settings.GA4_API_SECRET_ARN)) {
    return noAnalyticsSender;
  }
  return measurementProtocolSender({
    endpoint: settings.GA4_MEASUREMENT_PROTOCOL_URL,
    measurementId,
    apiSecret: await readDeclaredSecret('measurementProtocolSecret'),
  });
};
