import { jobQueueVariable } from '#functions/core/bindings';
import { correlated } from '#functions/core/correlation';
import { currentEnvironment } from '#functions/core/environment';
import { sandboxFetch } from '../sandbox-fetch';
import type { WorkQueue } from './work-queue';

/**
 * The sandbox's queue service (infra/sandbox/queues.ts) holds the items and delivers them to the
 * job in the sandbox process; the job's queue variable is its address there.
 */
const post = async (url: string, body: unknown, what: string) => {
  const response = await sandboxFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(
      `The sandbox queue did not ${what}: ${response.status} ${await response.text()}`,
    );
  }
};

const queueUrlOf = (job: Parameters<WorkQueue['send']>[0]): string => {
  const variable = jobQueueVariable(job);
  const url = currentEnvironment()[variable];
  if (!url) throw new Error(`Missing configuration: ${variable} (declare enqueues: ['${job}'])`);
  return url;
};

/**
 * Items per request: the sandbox reads bodies up to 1 MiB, and an hour's tick may queue tens of
 * thousands of mornings (SQS takes ten a batch; sqs-work-queue.ts).
 */
export const SANDBOX_SEND_CHUNK = 1_000;

export const sandboxWorkQueue: WorkQueue = {
  async send(job, items) {
    for (let start = 0; start < items.length; start += SANDBOX_SEND_CHUNK) {
      const chunk = items.slice(start, start + SANDBOX_SEND_CHUNK);
      await post(
        `${queueUrlOf(job)}/messages`,
        { items: chunk.map((item) => ({ ...item, body: correlated(item.body) })) },
        `take ${job} work`,
      );
    }
  },
};
