import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTable, type LocalTable } from '#test/support/local-table';
import { resetConfigForTests } from '#functions/core/config';
import { db, tableName } from '#functions/core/db/client';
import {
  LEGACY_WATCH_QUEUE,
  publishWatchEntity,
  WATCH_SHARDS,
  watchShardOf,
} from '#functions/core/db/entities/publish-watch';
import { logger } from '#functions/core/logger';
import { sweepPublishing } from './publish-sweep';

/**
 * The sweep over the sharded watch index, against DynamoDB Local: every due watch is found,
 * whichever shard it sits in (and one written before the shards, in the old single partition),
 * and none that is not due yet. The watches' posts are gone, so each due one is simply forgotten.
 */
describe('the publish sweep over sharded watches', () => {
  let table: LocalTable;
  const saved = { ...process.env };

  beforeAll(async () => {
    table = await startLocalTable();
    Object.assign(process.env, table.env);
    resetConfigForTests();
    logger.setLogLevel('SILENT');
  }, 60_000);
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await table?.stop();
  });

  const watch = (dueAt: Date) => ({
    companyId: randomUUID(),
    campaignId: randomUUID(),
    contentId: randomUUID(),
    kind: 'publish' as const,
    dueAt: dueAt.toISOString(),
  });

  it('finds every due watch in every shard, and the old partition, in one sweep', async () => {
    const now = new Date();
    // More than one round's worth for some shards (100 per shard per round).
    const due = Array.from({ length: 2_000 }, (_, index) =>
      watch(new Date(now.getTime() - 1 - index)),
    );
    const notYet = Array.from({ length: 5 }, () => watch(new Date(now.getTime() + 60_000)));
    const entity = publishWatchEntity();
    for (let start = 0; start < due.length; start += 25) {
      const { unprocessed } = await entity.put(due.slice(start, start + 25)).go();
      expect(unprocessed).toEqual([]);
    }
    await entity.put(notYet).go();

    // A watch as the entity wrote it before the shards: its index key names the one old queue.
    const legacy = watch(new Date(now.getTime() - 3_600_000));
    const params = entity.put(legacy).params<{ Item: Record<string, unknown> }>();
    await db().send(
      new (await import('@aws-sdk/lib-dynamodb')).PutCommand({
        TableName: tableName(),
        Item: {
          ...params.Item,
          queue: LEGACY_WATCH_QUEUE,
          gsi1pk: `$sailpost#queue_${LEGACY_WATCH_QUEUE}`,
        },
      }),
    );

    const shards = new Set(due.map((item) => watchShardOf(item.contentId)));
    expect(shards.size).toBe(WATCH_SHARDS);
    const written = await entity.get({ contentId: due[0]!.contentId }).go();
    expect(written.data?.queue).toBe(watchShardOf(due[0]!.contentId));

    const tally = await sweepPublishing(logger, now);
    expect(tally).toEqual({
      slotted: 0,
      fired: 0,
      failedUnknown: 0,
      deferred: 0,
      done: due.length + 1,
    });
    const left = await entity
      .get([...due, legacy, ...notYet].map(({ contentId }) => ({ contentId })))
      .go();
    expect(left.data.map((item) => item.contentId).sort()).toEqual(
      notYet.map((item) => item.contentId).sort(),
    );
  }, 120_000);
});
