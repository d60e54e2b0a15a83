import type { JobName } from '#functions/core/jobs/names';

/** One unit of a queued job's work: its event, and how long it waits before it may be received. */
export interface WorkItem {
  readonly body: Record<string, unknown>;
  readonly delaySeconds?: number;
}

/**
 * The queue in front of a queued job (`QUEUED_JOBS` in functions/catalogue.ts): an SQS queue with
 * its dead-letter queue in AWS, the sandbox's queue service locally. Delivery is at least once;
 * an item that keeps failing ends in the dead-letter queue. `provider.ts` picks the implementation.
 */
export interface WorkQueue {
  /** Sends the items to the job's queue; throws when any could not be sent. */
  send(job: JobName, items: readonly WorkItem[]): Promise<void>;
}

/** SQS takes at most ten messages per batch and delays of at most 15 minutes. */
export const SEND_BATCH = 10;
export const MAX_DELAY_SECONDS = 900;

/** The delay of an item put back to wait `waitMs` for a limit: at least a second, at most SQS's. */
export const delayForWait = (waitMs: number): number =>
  Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil(waitMs / 1000)));
