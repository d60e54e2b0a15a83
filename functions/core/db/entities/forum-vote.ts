import { Entity, type EntityItem } from 'electrodb';
import { FORUM_VOTE_TYPES } from '#shared/domain/forum';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * One member's vote on a thread or a reply (`targetId`: the thread's id or the reply's), in the
 * thread's partition: one item per person and target, written in the same transaction as the
 * target's count, so the count is always the sum of the votes.
 */
export const forumVoteEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'forumVote', version: '1', service: 'sailpost' },
        attributes: {
          threadId: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          targetId: { type: 'string', required: true, readOnly: true },
          type: { type: FORUM_VOTE_TYPES, required: true },
        },
        indexes: {
          byVoter: {
            collection: 'forumThread',
            pk: { field: 'pk', composite: ['threadId'] },
            sk: { field: 'sk', composite: ['userId', 'targetId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ForumVoteRecord = EntityItem<ReturnType<typeof forumVoteEntity>>;
