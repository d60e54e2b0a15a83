import * as z from 'zod';
import {
  assertCampaignDeleted,
  finishCampaignCleanup,
  releaseCampaignVersion,
} from '#functions/campaigns/campaign-removal';
import { removeCampaignContent } from '#functions/content/content-store';
import { defineJob } from '#functions/core/jobs/define-job';
import { removeCampaignMedia } from '#functions/media/campaign-media-removal';

/**
 * Removes everything a deleted campaign owned — the one place that grows as campaigns own more:
 * its media assets and their files, and its generated content, and frees the generator version
 * it was made from (so 'Use This Campaign' may make it again); its posts' one-time schedules
 * join here with the publisher (before `finishCampaignCleanup`). Started by
 * DELETE /campaigns/{id} once the campaign itself is gone, and by the sweeper for a clean-up that
 * never finished. Every step is safe to run twice; a live campaign is refused.
 */
export const handler = defineJob({
  name: 'campaign-cleanup',
  event: z.object({ companyId: z.string().min(1), campaignId: z.string().min(1) }),
  idempotencyKey: (event) => event.campaignId,
  run: async ({ companyId, campaignId }, { logger }) => {
    await assertCampaignDeleted(companyId, campaignId);
    const media = await removeCampaignMedia(companyId, campaignId);
    const content = await removeCampaignContent(companyId, campaignId);
    const versionFreed = await releaseCampaignVersion(companyId, campaignId);
    await finishCampaignCleanup(companyId, campaignId);
    logger.info('Campaign cleaned up', { companyId, campaignId, media, content, versionFreed });
    return { media, content, versionFreed };
  },
});
