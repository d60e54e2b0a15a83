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
 * All watches share one partition of gsi1: fine while posts go out by the hundreds a minute; shard
 * the constant (`queue`) by a hash of the post when they go out faster.
 */
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
          queue: { type: ['posts'] as const, required: true, default: 'posts', readOnly: true },
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
