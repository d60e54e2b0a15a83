import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import { correlationIdOfEvent, correlationIdOfWork, withCorrelationId } from '../correlation';
import { logger as baseLogger } from '../logger';
import type { JobName } from './names';

type Logger = typeof baseLogger;

/** The item's body as JSON, or undefined when it is not JSON. */
const jsonOf = (record: SQSRecord): unknown => {
  try {
    return JSON.parse(record.body) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The handler of a queued job (`QUEUED_JOBS`): each item of the batch is its own unit, read once
 * against the job's `schema` and run under its correlation id (the one its body carries — of the
 * hour's tick, of the reply — or else its own message id), and reported failed alone
 * (`batchItemFailures`) when `runItem` answers false, so only it comes back after the visibility
 * time-out and, after the queue's receive count, lands in the dead-letter queue; the other items,
 * done, are not delivered again. An item its schema refuses is never valid however often it comes
 * back: it goes straight to failed, for the dead-letter queue to keep (its body is not logged:
 * items may hold a phone number).
 */
export const queuedJobHandler =
  <Item>(
    job: JobName,
    schema: z.ZodType<Item>,
    runItem: (item: Item, record: SQSRecord, logger: Logger) => Promise<boolean>,
  ) =>
  async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const logger = baseLogger.createChild();
    logger.appendKeys({ job });
    if (context) logger.addContext(context);
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const body = jsonOf(record);
      const correlationId =
        correlationIdOfEvent(body) ?? correlationIdOfWork(job, record.messageId);
      const done = await withCorrelationId(correlationId, async () => {
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          logger.error('A work item is invalid', {
            messageId: record.messageId,
            issues: parsed.error.issues.map(({ path, message }) => ({ path, message })),
          });
          return false;
        }
        return runItem(parsed.data, record, logger);
      });
      if (!done) failures.push({ itemIdentifier: record.messageId });
    }
    return { batchItemFailures: failures };
  };
