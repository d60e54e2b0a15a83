import { declareFunction } from '#functions/core/bindings';

/**
 * Hourly: finds every company whose local morning hour has just come (through the morning roster)
 * and sends each to the mornings queue (the company-morning job). With `{ companyId }` (Morning
 * now): that company's morning inline — the day's drafts with the drafter (OpenAI with the key,
 * offline without) and one text (SMS; the app's address for the link).
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    secrets: ['openAiKey'],
    sms: true,
    appUrl: true,
    enqueues: ['company-morning', 'text-later'],
  },
  // Queuing tens of thousands of mornings takes seconds; Morning now drafts one company inline.
  timeoutSeconds: 300,
});
