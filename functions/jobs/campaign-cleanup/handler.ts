import * as z from 'zod';
import { removeCampaignMedia } from '#functions/media/campaign-media-removal';
import { defineJob } from '#functions/core/jobs/define-job';

/**
 * Removes everything a deleted campaign owned — the one place that grows as campaigns own more:
 * its media assets and their files today; its generated content and its posts' one-time
 * schedules join here with their issues. Started by DELETE /campaigns/{id}, after the campaign
 * itself is gone. Every step is safe to run twice.
 */
export const handler = defineJob({
  name: 'campaign-cleanup',
  event: z.object({ companyId: z.string().min(1), campaignId: z.string().min(1) }),
  idempotencyKey: (event) => event.campaignId,
  run: async ({ companyId, campaignId }, { logger }) => {
    const media = await removeCampaignMedia(companyId, campaignId);
    logger.info('Campaign cleaned up', { companyId, campaignId, media });
    return { media };
  },
});
