import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { db, tableName } from '#functions/core/db/client';
import { defineJob } from '#functions/core/jobs/define-job';
import type { JobName } from '#functions/core/jobs/names';

/**
 * A job for the tests of the job path (schedule → the sandbox fires it → the handler runs once):
 * each run that does its work adds one to a counter item keyed by the event's `key`, so a test
 * can see how often the work really ran. `fail: true` makes the work throw.
 */

/** The counter item's key (nothing else in the table starts with `probe#`). */
export const probeCounterKey = (key: string) => ({ pk: `probe#${key}`, sk: 'probe' });

export const handler = defineJob({
  // The one job outside JOB_NAMES, on purpose: no stage deploys it, only the test sandbox runs it.
  name: 'probe' as JobName,
  event: z.object({ key: z.string().min(1), fail: z.boolean().optional() }),
  idempotencyKey: (event) => event.key,
  run: async (event, { logger }) => {
    if (event.fail) throw new Error('The probe was asked to fail.');
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: probeCounterKey(event.key),
        UpdateExpression: 'ADD #runs :one',
        ExpressionAttributeNames: { '#runs': 'runs' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    logger.info('probe ran', { key: event.key });
    return { runs: Attributes?.runs as number };
  },
});
