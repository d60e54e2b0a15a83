import { randomUUID } from 'node:crypto';
import { isConditionFailure } from '../db/conditions';
import { RETRY_NOW, retryOnContention } from '../db/contention';
import { jobRunEntity, type JOB_RUN_STATUSES } from '../db/entities/job-run';

/**
 * Claims outlive any redelivery: EventBridge Scheduler retries for at most a day, asynchronous
 * Lambda invocations for six hours, Stripe's webhooks for three days.
 */
export const CLAIM_RETENTION_SECONDS = 7 * 24 * 60 * 60;

export type ClaimResult =
  { claimed: true; claim: Claim } | { claimed: false; heldAs: (typeof JOB_RUN_STATUSES)[number] };

export interface Claim {
  readonly job: string;
  readonly key: string;
  readonly claimId: string;
}

/**
 * Takes the claim on `(job, key)` with one conditional write: it succeeds when there is no claim,
 * or when the claim is `running` but its lease has passed (the run that held it crashed or timed
 * out). A claim that is `done`, or `running` under a live lease, is someone else's.
 */
export const claimJobRun = (
  job: string,
  key: string,
  leaseMs: number,
  now: Date = new Date(),
): Promise<ClaimResult> =>
  retryOnContention<ClaimResult>(
    { attempts: 3, exhausted: `Could not claim ${job} ${key}: the claim kept changing hands` },
    async () => {
      const claim = { job, key, claimId: randomUUID() };
      try {
        await jobRunEntity()
          .put({
            ...claim,
            status: 'running',
            leaseExpiresAt: now.getTime() + leaseMs,
            startedAt: now.toISOString(),
            expiresAt: Math.floor(now.getTime() / 1000) + CLAIM_RETENTION_SECONDS,
          })
          .where(
            ({ status, leaseExpiresAt }, { notExists, eq, lt }) =>
              `${notExists(status)} OR (${eq(status, 'running')} AND ${lt(leaseExpiresAt, now.getTime())})`,
          )
          .go({ response: 'none' });
        return { claimed: true, claim };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const { data } = await jobRunEntity().get({ job, key }).go({ consistent: true });
      if (data) return { claimed: false, heldAs: data.status };
      // A claim released between our failed write and our read: try again.
      return RETRY_NOW;
    },
  );

/** Marks the work done; later deliveries of the same key answer "duplicate". */
export const completeJobRun = async (claim: Claim, now: Date = new Date()): Promise<boolean> => {
  try {
    await jobRunEntity()
      .patch({ job: claim.job, key: claim.key })
      .set({ status: 'done', finishedAt: now.toISOString() })
      .where(({ claimId }, { eq }) => eq(claimId, claim.claimId))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    // Our lease passed and another run took the claim over; it will record its own outcome.
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Gives the claim up after a failure, so that the deliverer's retry can run the work. */
export const releaseJobRun = async (claim: Claim): Promise<void> => {
  try {
    await jobRunEntity()
      .delete({ job: claim.job, key: claim.key })
      .where(({ claimId }, { eq }) => eq(claimId, claim.claimId))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};
