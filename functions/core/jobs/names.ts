/**
 * Every background job, by name: `functions/jobs/<name>/handler.ts` is its Lambda entry point and
 * `functions/jobs/<name>/bindings.ts` its declaration. The jobs stack and the sandbox read this list.
 */
export const JOB_NAMES = [
  'campaign-cleanup',
  'campaign-generation',
  'company-cleanup',
  'company-morning',
  'content-generation',
  'daily-drafts',
  'connection-health',
  'forum-reply-emails',
  'media-thumbnail',
  'password-reset-email',
  'publisher',
  'results-collection',
  'sms-inbound',
  'sweeper',
  'text-later',
  'ticket-auto-close',
] as const;
export type JobName = (typeof JOB_NAMES)[number];
