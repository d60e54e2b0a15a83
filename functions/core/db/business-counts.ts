import { createHash } from 'node:crypto';
import type { Counts } from '#shared/domain/business-numbers';
import { db, tableName } from './client';

/**
 * The business's counters (shared/domain/business-numbers.ts), kept per UTC day on sharded
 * items: a day's counter written by every publish of 100,000 companies would be one hot item, so
 * each day has BUSINESS_COUNT_SHARDS items and a writer always adds to the one its id picks (the
 * same company or account, the same shard). A shard is one partition (`business#<shard>`) whose
 * sort key is the day, so any range of days is one query per shard, summed. The standing numbers
 * (companies paying per tier) live on the same partitions under the sort key `standing`, which
 * sorts after every day.
 *
 * Counter names vary (per platform, per tier, per wait bucket), so these items are written with
 * DynamoDB's own ADD (atomic, no read) rather than an ElectroDB entity with a fixed shape.
 */
export const BUSINESS_COUNT_SHARDS = 10;

const STANDING = 'standing';
const partitionOf = (shard: number) => `business#${shard}`;

/** The shard of a writer: a stable hash of its id. */
export const businessShardOf = (writerId: string): number =>
  createHash('sha256').update(writerId).digest().readUInt32BE(0) % BUSINESS_COUNT_SHARDS;

/** Counter names travel as expression attribute names: only these characters are ever used. */
const COUNTER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * The Update of a transaction (or a lone UpdateItem) that adds `counts` to the writer's shard of
 * `day` (a `YYYY-MM-DD`, or the standing item when `day` is null).
 */
export const businessCountUpdate = (writerId: string, day: string | null, counts: Counts) => {
  const entries = Object.entries(counts).filter(([, by]) => by !== 0);
  for (const [name] of entries) {
    if (!COUNTER_NAME.test(name)) throw new Error(`Not a counter name: ${name}`);
  }
  return {
    TableName: tableName(),
    Key: { pk: partitionOf(businessShardOf(writerId)), sk: day ?? STANDING },
    UpdateExpression: `ADD ${entries.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(
      entries.map(([name], index) => [`#c${index}`, name]),
    ),
    ExpressionAttributeValues: Object.fromEntries(
      entries.map(([, by], index) => [`:c${index}`, by]),
    ),
  };
};

/** Adds to the writer's counters of `day` (null: the standing ones) at once, outside any transaction. */
export const addBusinessCounts = async (
  writerId: string,
  day: string | null,
  counts: Counts,
): Promise<void> => {
  if (Object.values(counts).every((by) => by === 0)) return;
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  await db().send(new UpdateCommand(businessCountUpdate(writerId, day, counts)));
};

const countsOfItem = (item: Record<string, unknown>): Record<string, number> =>
  Object.fromEntries(
    Object.entries(item).filter(
      (entry): entry is [string, number] =>
        entry[0] !== 'pk' && entry[0] !== 'sk' && typeof entry[1] === 'number',
    ),
  );

const addInto = (total: Record<string, number>, counts: Record<string, number>) => {
  for (const [name, by] of Object.entries(counts)) total[name] = (total[name] ?? 0) + by;
};

/**
 * Every day from `from` to `to` (both `YYYY-MM-DD`, included) with something counted, its shards
 * summed. One query per shard (paged), side by side — never a scan.
 */
export const readBusinessDays = async (
  from: string,
  to: string,
): Promise<Map<string, Record<string, number>>> => {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const days = new Map<string, Record<string, number>>();
  await Promise.all(
    Array.from({ length: BUSINESS_COUNT_SHARDS }, async (_, shard) => {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: { ':pk': partitionOf(shard), ':from': from, ':to': to },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) {
          const day = days.get(String(item.sk)) ?? {};
          addInto(day, countsOfItem(item));
          days.set(String(item.sk), day);
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }),
  );
  return days;
};

/** The standing counts, their shards summed: one batch read. */
export const readStandingCounts = async (): Promise<Record<string, number>> => {
  const { BatchGetCommand } = await import('@aws-sdk/lib-dynamodb');
  const total: Record<string, number> = {};
  let keys: Record<string, unknown>[] = Array.from(
    { length: BUSINESS_COUNT_SHARDS },
    (_, shard) => ({
      pk: partitionOf(shard),
      sk: STANDING,
    }),
  );
  // A batch may leave keys unprocessed (throttling): those are read again, a bounded few times.
  for (let round = 0; keys.length > 0; round++) {
    if (round === 4) throw new Error('DynamoDB left the standing business counts unprocessed');
    const answer = await db().send(
      new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } },
      }),
    );
    for (const item of answer.Responses?.[tableName()] ?? []) addInto(total, countsOfItem(item));
    keys = (answer.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
  }
  return total;
};
