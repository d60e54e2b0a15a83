import { jobQueueVariable } from '#functions/core/bindings';
import { forEachConcurrently } from '#functions/core/concurrency';
import { correlated } from '#functions/core/correlation';
import { currentEnvironment } from '#functions/core/environment';
import { lazyAsync } from '#functions/core/lazy';
import type { JobName } from '#functions/core/jobs/names';
import { MAX_DELAY_SECONDS, SEND_BATCH, type WorkItem, type WorkQueue } from './work-queue';

/**
 * The SDK is loaded when the first item is sent, not imported at the top (esbuild hoists a static
 * import of an external package, and every request of the function would pay for it at start).
 */
const sdk = lazyAsync(async () => {
  const sqs = await import('@aws-sdk/client-sqs');
  const environment = currentEnvironment();
  const client = new sqs.SQSClient({
    region: environment.AWS_REGION ?? 'us-east-1',
    // Only tests point this at a fake of the SQS API.
    ...(environment.SQS_ENDPOINT ? { endpoint: environment.SQS_ENDPOINT } : {}),
  });
  return { client, sqs };
});

const queueUrlOf = (job: JobName): string => {
  const variable = jobQueueVariable(job);
  const url = currentEnvironment()[variable];
  if (!url) throw new Error(`Missing configuration: ${variable} (declare enqueues: ['${job}'])`);
  return url;
};

/** A batch's entries SQS did not take are sent again, a few rounds at most. */
const SEND_ROUNDS = 3;
/** Batches sent at once: tens of thousands of mornings are queued in seconds, not minutes. */
const BATCHES_IN_FLIGHT = 8;

export const sqsWorkQueue: WorkQueue = {
  async send(job, items) {
    const QueueUrl = queueUrlOf(job);
    const { client, sqs } = await sdk();
    const batches: WorkItem[][] = [];
    for (let start = 0; start < items.length; start += SEND_BATCH) {
      batches.push(items.slice(start, start + SEND_BATCH));
    }
    await forEachConcurrently(batches, BATCHES_IN_FLIGHT, async (batch) => {
      let entries = batch.map((item, index) => ({
        Id: String(index),
        MessageBody: JSON.stringify(correlated(item.body)),
        ...(item.delaySeconds
          ? { DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.ceil(item.delaySeconds)) }
          : {}),
      }));
      for (let round = 1; entries.length > 0; round++) {
        const { Failed = [] } = await client.send(
          new sqs.SendMessageBatchCommand({ QueueUrl, Entries: entries }),
        );
        const failed = new Set(Failed.map((entry) => entry.Id));
        entries = entries.filter((entry) => failed.has(entry.Id));
        if (entries.length && round === SEND_ROUNDS) {
          throw new Error(`SQS did not take ${entries.length} work items for ${job}`);
        }
      }
    });
  },
};
