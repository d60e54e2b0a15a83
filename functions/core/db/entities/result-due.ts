import { Entity, type EntityItem } from 'electrodb';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * A published post whose results are still to be read: one item per post, written when it is
 * published and moved on after each reading (1 hour, 24 hours, 7 days), removed after the last.
 * The collection job reads only the items that are due (gsi1, oldest first), never the posts.
 *
 * The due list is spread over RESULT_DUE_SHARDS partitions of gsi1 by a hash of the post, so a
 * busy morning's posts (all read an hour later) do not pile onto one hot partition; the job reads
 * each shard's due range in turn.
 */
export const RESULT_DUE_SHARDS = 8;

export const resultDueEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'resultDue', version: '1', service: 'sailpost' },
        attributes: {
          contentId: { type: 'string', required: true, readOnly: true },
          companyId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          platform: { type: PLATFORM_IDS, required: true, readOnly: true },
          /** The provider's id of the post (an X post id, a LinkedIn share or ugcPost URN). */
          providerPostId: { type: 'string', required: true, readOnly: true },
          publishedAt: { type: 'string', required: true, readOnly: true },
          /** The next reading, an index into RESULT_AGES. */
          nextAge: { type: 'number', required: true },
          /** When to read it next (UTC ISO). */
          dueAt: { type: 'string', required: true },
          /** The UTC day (`yyyy-MM-dd`) it was last read: never twice in a day. */
          lastReadDay: { type: 'string' },
          shard: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byPost: {
            pk: { field: 'pk', composite: ['contentId'] },
            sk: { field: 'sk', composite: [] },
          },
          due: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['shard'] },
            sk: { field: 'gsi1sk', composite: ['dueAt', 'contentId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ResultDueRecord = EntityItem<ReturnType<typeof resultDueEntity>>;
