import { jobQueueVariable } from '#functions/core/bindings';
import { correlated } from '#functions/core/correlation';
import { currentEnvironment } from '#functions/core/environment';
import type { WorkQueue } from './work-queue';

/**
 * The sandbox's queue service (infra/sandbox/queues.ts) holds the items and delivers them to the
 * job in the sandbox process; the job's queue variable is its address there.
 */
const post = async (url: string, body: unknown, what: string) => {
  const response = await fetch(url, {
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

export const sandboxWorkQueue: WorkQueue = {
  send: (job, items) =>
    post(
      `${queueUrlOf(job)}/messages`,
      { items: items.map((item) => ({ ...item, body: correlated(item.body) })) },
      `take ${job} work`,
    ),
};
