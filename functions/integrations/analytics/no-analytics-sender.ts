import type { AnalyticsSender } from './analytics-sender';

/** A stage that measures nothing (no measurement id or API secret): events go nowhere. */
export const noAnalyticsSender: AnalyticsSender = {
  send: async () => undefined,
};
