import { declareFunction } from '#functions/core/bindings';

/**
 * The Founder Forum: the table (categories, threads, replies, votes, the daily counts of what each
 * member writes) and the job that emails a thread's people about a reply. No secrets beyond the
 * session's.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    secrets: ['tokenKey', 'originKey'],
    starts: ['forum-reply-emails'],
  },
});
