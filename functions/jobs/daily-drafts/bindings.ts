import { declareFunction } from '#functions/core/bindings';

/**
 * Hourly: the morning of every company whose local morning hour has just come (found through the
 * morning roster), or of one company (`{ companyId }`). It writes the day's drafts with the
 * drafter (OpenAI with the key, offline without), inline, and texts the owner one digest (SMS; the
 * app's address for the link). Fifteen minutes, Lambda's most: a tick drafts for every company due
 * in that hour, a few at a time.
 */
export const declaration = declareFunction({
  bindings: { table: 'read-write', secrets: ['openAiKey'], sms: true, appUrl: true },
  timeoutSeconds: 900,
});
