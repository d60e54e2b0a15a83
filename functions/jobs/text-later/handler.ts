import { queuedJobHandler } from '#functions/core/jobs/queued-job';
import { claimJobRun, completeJobRun, releaseJobRun } from '#functions/core/jobs/job-claim';
import { ThroughputWait } from '#functions/core/limits/throughput';
import type { logger as baseLogger } from '#functions/core/logger';
import { smsSender } from '#functions/integrations/sms/provider';
import { SmsOptedOutError } from '#functions/integrations/sms/sms-sender';
import {
  queueTextLater,
  stillWanted,
  textLaterItem,
  type TextLaterItem,
} from '#functions/integrations/sms/text-later';

/** A claim outlives the job's time-out: a run that died lets the next delivery send. */
const CLAIM_LEASE_MS = 60_000;

/**
 * One text per work item of the text-later queue (SQS in AWS, the sandbox's queue service
 * locally): a text that met the identity's throughput when it was due. Delivery is at least once;
 * the claim on the text's id (`text-later`, `textId`) is taken before sending, so a second
 * delivery of a sent text sends nothing. A text that meets the limit again is put back as a new
 * item delayed by the wait and this one counts as done: waiting is not failing, so it never uses
 * up the item's receives on its way to the dead-letter queue.
 */
export const handler = queuedJobHandler('text-later', textLaterItem, (item, _record, logger) =>
  textLater(item, logger),
);

const textLater = async (item: TextLaterItem, logger: typeof baseLogger): Promise<boolean> => {
  if (!(await stillWanted(item))) {
    // Replied STOP, or the phone changed, while the text waited: it is not sent, now or later.
    logger.info('A waiting text is no longer wanted by its account', { textId: item.textId });
    return true;
  }
  const claim = await claimJobRun('text-later', item.textId, CLAIM_LEASE_MS);
  if (!claim.claimed) {
    logger.info('A text already sent (or being sent) was delivered again', {
      textId: item.textId,
      heldAs: claim.heldAs,
    });
    return true;
  }
  try {
    await (await smsSender()).send({ to: item.to, text: item.text });
  } catch (error) {
    if (error instanceof SmsOptedOutError) {
      // Opted out since: nothing is to be sent, now or later.
      await completeJobRun(claim.claim);
      return true;
    }
    // Nothing went out: the claim is given up for the text's next turn.
    await releaseJobRun(claim.claim);
    if (error instanceof ThroughputWait) {
      try {
        await queueTextLater(item, error.waitMs);
        logger.info('A text waits for the texting limit', {
          textId: item.textId,
          waitMs: error.waitMs,
        });
        return true;
      } catch (sendError) {
        logger.error('Could not put a waiting text back', { error: sendError as Error });
        return false;
      }
    }
    logger.error('A text could not be sent', { textId: item.textId, error: error as Error });
    return false;
  }
  try {
    await completeJobRun(claim.claim);
  } catch (error) {
    // The text is out; the claim, still running under its lease, holds off redeliveries meanwhile.
    logger.warn('A sent text’s claim was not marked done', { error: error as Error });
  }
  logger.info('A text sent later', { textId: item.textId });
  return true;
};
