import { Entity } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

export const JOB_RUN_STATUSES = ['running', 'done'] as const;

/**
 * The claim on one unit of a job's work: `(job, key)` — the job's name and the idempotency key
 * taken from its event. Whoever writes it first runs the work; a second delivery of the same event
 * finds it and stops. `running` carries a lease so that a run that crashed can be taken over once
 * the lease has passed; a run that failed deletes its claim so that the retry can run. TTL removes
 * claims a few days after they were made, long after any delivery could repeat.
 */
export const jobRunEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'jobRun', version: '1', service: 'sailpost' },
        attributes: {
          job: { type: 'string', required: true, readOnly: true },
          key: { type: 'string', required: true, readOnly: true },
          status: { type: JOB_RUN_STATUSES, required: true },
          /** Random per run: only the run that holds the claim may complete or release it. */
          claimId: { type: 'string', required: true },
          /** Epoch milliseconds; a `running` claim older than this belongs to a run that died. */
          leaseExpiresAt: { type: 'number', required: true },
          startedAt: { type: 'string', required: true },
          finishedAt: { type: 'string' },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byKey: {
            // Idempotency keys are compared exactly (ElectroDB lower-cases key values by default).
            pk: { field: 'pk', composite: ['job', 'key'], casing: 'none' },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
