import { declareFunction } from '#functions/core/bindings';

/**
 * Generated content: the table (campaigns, posts, their generations, the plan's daily counts, the
 * company's credentials and media), the content-generation job it starts for a new post or an
 * AI revision, and the publisher's schedules of approved posts. No secrets beyond the session's:
 * the AI runs in the job, the posting in the publisher.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    // Approving an Instagram post reads its images' headers: their shape must be one it takes.
    mediaBucket: 'read',
    secrets: ['tokenKey', 'originKey'],
    // Publish now starts the publisher at once.
    starts: ['content-generation', 'publisher'],
    // Approving a post schedules the publisher at its slot.
    schedules: ['publisher'],
  },
});
