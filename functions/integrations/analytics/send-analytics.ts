import { createHash } from 'node:crypto';
import { logger } from '#functions/core/logger';
import type { ServerAnalyticsEvent } from './analytics-sender';
import { analyticsSender } from './provider';

/**
 * Reports an event to GA4 from the server. Never fails the business action it reports: a
 * collector that is down, slow or refusing is logged (without the address, which holds the API
 * secret) and the caller moves on.
 */
export const sendAnalyticsEvent = async (event: ServerAnalyticsEvent): Promise<void> => {
  try {
    await (await analyticsSender()).send(event);
  } catch (error) {
    logger.warn('An analytics event was not sent', {
      event: event.event.name,
      error: (error as Error)?.name,
    });
  }
};

/**
 * A GA client id for a company when no browser's is known (a text reply, a checkout without
 * consent): GA's shape (two runs of digits) from a one-way hash of the company id, so the same
 * company is the same client and nothing leads back to it.
 */
export const opaqueClientIdOf = (companyId: string): string => {
  const digest = createHash('sha256').update(`sailpost-analytics-client:${companyId}`).digest();
  return `${digest.readUInt32BE(0)}.${digest.readUInt32BE(4)}`;
};
