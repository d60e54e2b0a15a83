import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { backOff, THROTTLE_BACKOFF } from '../backoff';
import { forEachConcurrently } from '../concurrency';
import { Unavailable } from '../errors';
import { db, tableName } from './client';

/** DynamoDB's limit per BatchWriteItem. */
const BATCH_SIZE = 25;
/** Batches in flight at once. */
const CONCURRENT_BATCHES = 8;
/** Unprocessed items (throttling) are retried with exponential backoff, then it fails. */
const MAX_BATCH_TRIES = 8;

/**
 * Deletes items by their table keys (`entity.delete(...).params().Key`), 25 a request, several
 * requests at once, retrying what DynamoDB leaves unprocessed. Deleting a missing item is no
 * error, so it is safe to run twice.
 */
export const deleteItemKeys = async (keys: readonly Record<string, unknown>[]): Promise<void> => {
  const batches = Array.from({ length: Math.ceil(keys.length / BATCH_SIZE) }, (_, index) =>
    keys.slice(index * BATCH_SIZE, (index + 1) * BATCH_SIZE),
  );
  await forEachConcurrently(batches, CONCURRENT_BATCHES, async (batch) => {
    let requests = batch.map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 1; requests.length; attempt++) {
      if (attempt > MAX_BATCH_TRIES) {
        throw new Unavailable('SERVICE_UNAVAILABLE', 'DynamoDB kept items unprocessed');
      }
      if (attempt > 1) await backOff(attempt, THROTTLE_BACKOFF);
      const { UnprocessedItems } = await db().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
      );
      requests = (UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  });
};
