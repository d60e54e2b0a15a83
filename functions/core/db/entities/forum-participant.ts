import { Entity } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * Someone who wrote in a thread (its author, or a replier), in the thread's partition: who a new
 * reply is emailed to, read in one query however long the thread is. Written with the thread or
 * the reply; writing it again changes nothing.
 */
export const forumParticipantEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'forumParticipant', version: '1', service: 'sailpost' },
        attributes: {
          threadId: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byThread: {
            collection: 'forumThread',
            pk: { field: 'pk', composite: ['threadId'] },
            sk: { field: 'sk', composite: ['userId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
