import * as z from 'zod';
import { runContentGeneration } from '#functions/content/content-generation-run';
import { defineJob } from '#functions/core/jobs/define-job';

/**
 * The worker of POST /campaigns/{id}/generate and of AI revisions: writes the post the
 * generation names, texts the owner when asked, and records how it went
 * (functions/content/content-generation-run.ts). Claimed by generation id, and every write is
 * conditional, so a second delivery changes nothing.
 */
export const handler = defineJob({
  name: 'content-generation',
  event: z.object({ generationId: z.string().min(1).max(64) }),
  idempotencyKey: (event) => event.generationId,
  run: async ({ generationId }, { logger }) => {
    const outcome = await runContentGeneration(generationId, logger);
    logger.info('Content generation run ended', { generationId, outcome });
    return { outcome };
  },
});
