import type { JobName } from '#functions/core/jobs/names';

/**
 * Starts a job now, without waiting for it: an asynchronous Lambda invocation in AWS (retried by
 * Lambda, then the jobs stack's dead-letter queue), the sandbox's events service locally.
 * `provider.ts` picks the implementation.
 */
export interface JobStarter {
  start(job: JobName, event: Record<string, unknown>): Promise<void>;
}
