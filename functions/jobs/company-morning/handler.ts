import type { SQSRecord } from 'aws-lambda';
import { queuedJobHandler } from '#functions/core/jobs/queued-job';
import type { logger as baseLogger } from '#functions/core/logger';
import { ThroughputWait } from '#functions/core/limits/throughput';
import { workQueue } from '#functions/integrations/queues/provider';
import { delayForWait } from '#functions/integrations/queues/work-queue';
import { runMorningDrafts } from '#functions/jobs/daily-drafts/morning-drafts';
import {
  morningWorkItem,
  type MorningWorkItem,
} from '#functions/jobs/daily-drafts/morning-work-item';

/**
 * One company's morning per work item of the mornings queue (SQS in AWS, the sandbox's queue
 * service locally). Each morning is its own retry unit: an item that fails is reported in
 * `batchItemFailures` alone, comes back after the queue's visibility time-out, and after the
 * queue's receive count lands in its dead-letter queue; the other items of the batch, and every
 * other company, are untouched. Delivery is at least once: the day's claim inside
 * runMorningDrafts (`daily-drafts`, `<companyId>#<local day>`) makes a second delivery do nothing.
 *
 * A morning that meets an outside limit before it writes anything (ThroughputWait) is put back as
 * a new item delayed by the wait, and this one counts as done: waiting is not failing, so it never
 * uses up the item's receives on its way to the dead-letter queue.
 */
export const handler = queuedJobHandler(
  'company-morning',
  morningWorkItem,
  (item, record, logger) => morning(item, record, logger),
);

const morning = async (
  item: MorningWorkItem,
  record: SQSRecord,
  logger: typeof baseLogger,
): Promise<boolean> => {
  try {
    const outcome = await runMorningDrafts(item.companyId, logger, new Date(item.time));
    logger.info('Morning done', {
      companyId: item.companyId,
      status: outcome.status,
      receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
    });
    return true;
  } catch (error) {
    if (error instanceof ThroughputWait) {
      try {
        await (
          await workQueue()
        ).send('company-morning', [
          {
            body: item,
            delaySeconds: delayForWait(error.waitMs),
          },
        ]);
        logger.info('Morning waits for an outside limit', {
          companyId: item.companyId,
          bucket: error.bucket,
          waitMs: error.waitMs,
        });
        return true;
      } catch (sendError) {
        logger.error('Could not put a waiting morning back', { error: sendError as Error });
        return false;
      }
    }
    logger.error('A morning failed', {
      companyId: item.companyId,
      receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
      error: error as Error,
    });
    return false;
  }
};
