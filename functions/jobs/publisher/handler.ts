import * as z from 'zod';
import { PUBLISH_ATTEMPT_MAX } from '#shared/domain/content';
import { defineJob } from '#functions/core/jobs/define-job';
import { publishPost } from './publish-post';

/**
 * Publishes one approved post at its slot, fired by the post's one-time schedule (or the sweeper,
 * or "Run now"): `{ companyId, campaignId, contentId, attempt }`. Claimed by post and attempt; the
 * post's own conditional claim (publish-post.ts) is what makes it go out at most once.
 */
export const handler = defineJob({
  name: 'publisher',
  event: z.object({
    companyId: z.string().min(1).max(64),
    campaignId: z.string().min(1).max(64),
    contentId: z.string().min(1).max(64),
    attempt: z.number().int().min(1).max(PUBLISH_ATTEMPT_MAX),
    turn: z.iso.datetime().optional(),
    slot: z.iso.datetime().optional(),
  }),
  idempotencyKey: (event) => `${event.contentId}:${event.attempt}`,
  run: async (event, { logger }) => {
    logger.appendKeys({ contentId: event.contentId, attempt: event.attempt });
    const outcome = await publishPost(event, logger);
    logger.info('Publisher run ended', { outcome });
    return { outcome };
  },
});
