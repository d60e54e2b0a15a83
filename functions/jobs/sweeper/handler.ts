import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { findUnfinishedCampaignCleanups } from '#functions/campaigns/campaign-removal';
import { findUnfinishedCleanups } from '#functions/companies/company-cleanup';
import { defineJob } from '#functions/core/jobs/define-job';
import { jobStarter } from '#functions/integrations/jobs/provider';
import { sweepPublishing } from './publish-sweep';

/**
 * Hourly: finds work that lost its trigger and starts it again: deleted companies and deleted
 * campaigns whose clean-up has not finished (each started with its usual event, so one already
 * running or done answers "duplicate"), and posts on their way out that missed a step — approved
 * without a slot, overdue, or held by a publisher that never finished (publish-sweep.ts).
 */
export const handler = defineJob({
  name: 'sweeper',
  // The scheduled tick's time (EventBridge's `time`, or `<aws.scheduler.scheduled-time>` in the
  // schedule's input) makes a redelivered tick run once; a run by hand, without it, always runs.
  event: z.object({ time: z.string().min(1).optional() }),
  idempotencyKey: (event) => event.time ?? `manual-${randomUUID()}`,
  run: async (_event, { logger }) => {
    const companyIds = await findUnfinishedCleanups();
    const starter = await jobStarter();
    const started: string[] = [];
    const failed: string[] = [];
    for (const companyId of companyIds) {
      try {
        await starter.start('company-cleanup', { companyId });
        started.push(companyId);
      } catch (error) {
        // One that does not start is tried again at the next sweep; the others still go.
        logger.error('Could not start company-cleanup', { companyId, error });
        failed.push(companyId);
      }
    }
    if (companyIds.length)
      logger.info('Restarted unfinished company clean-ups', { started, failed });

    const campaigns = await findUnfinishedCampaignCleanups();
    const campaignOutcome = { started: 0, failed: 0 };
    for (const campaign of campaigns) {
      try {
        await starter.start('campaign-cleanup', campaign);
        campaignOutcome.started++;
      } catch (error) {
        logger.error('Could not start campaign-cleanup', { ...campaign, error });
        campaignOutcome.failed++;
      }
    }
    if (campaigns.length)
      logger.info('Restarted unfinished campaign clean-ups', { ...campaignOutcome });

    const publishing = await sweepPublishing(logger);
    logger.info('Swept posts on their way out', { ...publishing });
    return {
      companyCleanups: { started: started.length, failed: failed.length },
      campaignCleanups: campaignOutcome,
      publishing,
    };
  },
});
