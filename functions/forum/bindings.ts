import { declareFunction } from '#functions/core/bindings';

/**
 * The Founder Forum: the table (categories, threads, replies, votes, the daily counts of what each
 * member writes). No secrets beyond the session's.
 */
export const declaration = declareFunction({
  bindings: { table: 'read-write', secrets: ['tokenKey', 'originKey'] },
});
