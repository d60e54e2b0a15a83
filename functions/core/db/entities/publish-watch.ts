import { createHash } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * When the sweeper should look at a post that is on its way out: an approved post that should
 * have taken a slot (`slot`), a scheduled one that should have been published (`publish`).
 * One item per post, written with the post's own moves and removed when the post reaches its end;
 * in between, the sweeper reads only the watches that are due (gsi1, oldest first), never the
 * posts themselves. A watch that is due but finds its post fine (a retry's later slot, a publish
 * under way) is moved on, not acted on: being looked at twice is harmless, being forgotten is not.
 *
 * The due index is sharded: a watch sits in one of WATCH_SHARDS partitions of gsi1 (`queue`
 * `posts-<n>`, n from a hash of the post id), so approvals and publishes spread their writes
 * over as many partitions, and the sweeper queries them all in parallel. Watches written before
 * the shards sit in the one old partition (`posts`): the sweeper reads it as one more shard, and
 * it empties as those posts reach their end (a watch lives no longer than its post's way out).
 */
/** Partitions of the due index; a sweep reads them all, so more costs an empty query each. */
export const WATCH_SHARDS = 16;

/** Where every watch was before the shards: still read, never written. */
export const LEGACY_WATCH_QUEUE = 'posts';

/** The shard of a post's watch: stable, so rewriting a watch keeps it in its partition. */
export const watchShardOf = (contentId: string): string =>
  `posts-${createHash('sha256').update(contentId).digest().readUInt32BE(0) % WATCH_SHARDS}`;

/** Every partition the sweeper reads: the shards, then the old single one. */
export const WATCH_QUEUES: readonly string[] = [
  ...Array.from({ length: WATCH_SHARDS }, (_, shard) => `posts-${shard}`),
  LEGACY_WATCH_QUEUE,
];

export const publishWatchEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'publishWatch', version: '1', service: 'sailpost' },
        attributes: {
          contentId: { type: 'string', required: true, readOnly: true },
          companyId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          kind: { type: ['slot', 'publish'] as const, required: true },
          /** When the sweeper should look (UTC ISO). */
          dueAt: { type: 'string', required: true },
          /** The watch's partition of the due index: always derived from the post id. */
          queue: {
            type: 'string',
            readOnly: true,
            watch: ['contentId'],
            set: (_: unknown, item: { contentId?: string }) =>
              item.contentId === undefined ? undefined : watchShardOf(item.contentId),
          },
        },
        indexes: {
          byPost: {
            pk: { field: 'pk', composite: ['contentId'] },
            sk: { field: 'sk', composite: [] },
          },
          due: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['queue'] },
            sk: { field: 'gsi1sk', composite: ['dueAt', 'contentId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type PublishWatchRecord = EntityItem<ReturnType<typeof publishWatchEntity>>;

/** A scheduled post is overdue this long after its slot (the scheduler had its chance). */
export const OVERDUE_AFTER_MS = 15 * 60_000;
/** An approved post should have its slot within this (it is slotted as it is approved). */
export const SLOT_WITHIN_MS = 10 * 60_000;
