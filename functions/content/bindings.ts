import { declareFunction } from '#functions/core/bindings';

/**
 * Generated content: the table (campaigns, posts, their generations, the plan's daily counts, the
 * company's credentials and media) and the content-generation job it starts for a new post or an
 * AI revision. No secrets beyond the session's: the AI runs in the job.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    secrets: ['tokenKey', 'originKey'],
    starts: ['content-generation'],
  },
});
