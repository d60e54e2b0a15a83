import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * A reply in a forum thread, in the thread's partition. Its id is a UUIDv7, so the thread's
 * replies read oldest first in key order, one query a page. The author's name is kept as it was
 * when the reply was written (see forum-thread.ts).
 */
export const forumPostEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'forumPost', version: '1', service: 'sailpost' },
        attributes: {
          threadId: { type: 'string', required: true, readOnly: true },
          postId: { type: 'string', required: true, readOnly: true },
          content: { type: 'string', required: true },
          voteCount: { type: 'number', required: true, default: 0 },
          userId: { type: 'string', required: true, readOnly: true },
          authorFirstName: { type: 'string', required: true, readOnly: true },
          authorLastName: { type: 'string', required: true, readOnly: true },
          hidden: { type: 'boolean', required: true, default: false },
          edited: { type: 'boolean', required: true, default: false },
          deleted: { type: 'boolean', required: true, default: false },
          createdAt: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byThread: {
            collection: 'forumThread',
            pk: { field: 'pk', composite: ['threadId'] },
            sk: { field: 'sk', composite: ['postId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ForumPostRecord = EntityItem<ReturnType<typeof forumPostEntity>>;
