import { JOB_DECLARATIONS, QUEUED_JOBS, type QueuedJob } from '#functions/catalogue';
import type { JobName } from '#functions/core/jobs/names';
import { throughputRate } from '#functions/core/limits/throughput';
import { withEnvironment } from '#functions/core/environment';
import type { SandboxQueueSettings } from './queues';

/**
 * Each queued job's queue as the jobs stack builds it: the concurrency its stage's limits allow
 * (THROUGHPUT_LIMITS, as `.env` or the tests set it), the receive count before its dead letters,
 * the batch size, and a visibility time-out of six times the job's time-out — or
 * SANDBOX_QUEUE_VISIBILITY_SECONDS, so a test or the bench sees a retry in seconds.
 */
export const sandboxQueueSettings = (
  settings: Readonly<Record<string, string | undefined>>,
): Record<string, SandboxQueueSettings> =>
  Object.fromEntries(
    (Object.entries(QUEUED_JOBS) as [JobName, QueuedJob][]).map(([job, queued]) => [
      job,
      {
        maxConcurrency: withEnvironment({ THROUGHPUT_LIMITS: settings.THROUGHPUT_LIMITS }, () =>
          queued.maxConcurrency(throughputRate),
        ),
        maxReceiveCount: queued.maxReceiveCount,
        batchSize: queued.batchSize,
        visibilityTimeoutSeconds: settings.SANDBOX_QUEUE_VISIBILITY_SECONDS
          ? Number(settings.SANDBOX_QUEUE_VISIBILITY_SECONDS)
          : 6 * (JOB_DECLARATIONS[job].timeoutSeconds ?? 10),
      },
    ]),
  );
