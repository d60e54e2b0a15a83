import * as z from 'zod';
import { runGeneration } from '#functions/ai/generation-run';
import { defineJob } from '#functions/core/jobs/define-job';

/**
 * The worker of POST /ai/generate-campaign and /ai/refine-campaign: drafts the generation the
 * event names and records how it went (functions/ai/generation-run.ts). Claimed by generation id,
 * and every write is conditional, so a second delivery changes nothing.
 */
export const handler = defineJob({
  name: 'campaign-generation',
  event: z.object({ generationId: z.string().min(1).max(64) }),
  idempotencyKey: (event) => event.generationId,
  run: async ({ generationId }, { logger }) => {
    const outcome = await runGeneration(generationId, logger);
    logger.info('Campaign generation run ended', { generationId, outcome });
    return { outcome };
  },
});
