import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { correlationIdOfEvent, correlationIdOfWork, withCorrelationId } from '../correlation';
import { logger as baseLogger } from '../logger';
import type { JobName } from './names';

type Logger = typeof baseLogger;

/**
 * The id an item carries (the correlation id of whatever queued it: the hour's tick, the reply),
 * or for an item without one, its own message id.
 */
const correlationIdOfRecord = (job: JobName, record: SQSRecord): string => {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    body = undefined;
  }
  return correlationIdOfEvent(body) ?? correlationIdOfWork(job, record.messageId);
};

/**
 * The handler of a queued job (`QUEUED_JOBS`): each item of the batch is its own unit, run under
 * its correlation id, and reported failed alone (`batchItemFailures`) when `runItem` answers
 * false, so only it comes back after the visibility time-out and, after the queue's receive count,
 * lands in the dead-letter queue; the other items, done, are not delivered again.
 */
export const queuedJobHandler =
  (job: JobName, runItem: (record: SQSRecord, logger: Logger) => Promise<boolean>) =>
  async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const logger = baseLogger.createChild();
    logger.appendKeys({ job });
    if (context) logger.addContext(context);
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const done = await withCorrelationId(correlationIdOfRecord(job, record), () =>
        runItem(record, logger),
      );
      if (!done) failures.push({ itemIdentifier: record.messageId });
    }
    return { batchItemFailures: failures };
  };
