import { Entity } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * A thread's place in Top discussions: a small index of the threads that may be in it, read
 * most-voted first through gsi2 (lane `active`, then `rank`). A thread that is closed, hidden or
 * has had no activity for FORUM_TOP_WINDOW_DAYS moves to lane `inactive`; the TTL removes the entry
 * a while after its window, so the active lane holds only recent threads.
 *
 * The entry follows its thread by `revision` (forum-thread.ts): it is written only over an older
 * revision, so a slow writer never puts back a state that a newer one replaced.
 */
export const forumTopThreadEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'forumTopThread', version: '1', service: 'sailpost' },
        attributes: {
          threadId: { type: 'string', required: true, readOnly: true },
          lane: { type: ['active', 'inactive'] as const, required: true },
          /** `rankOf(voteCount, lastActivityAt)`: sorts by votes, then by activity. */
          rank: { type: 'string', required: true },
          revision: { type: 'number', required: true },
          lastActivityAt: { type: 'string', required: true },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byThread: {
            collection: 'forumThread',
            pk: { field: 'pk', composite: ['threadId'] },
            sk: { field: 'sk', composite: [] },
          },
          byRank: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['lane'] },
            sk: { field: 'gsi2sk', composite: ['rank'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

/** Vote counts are offset so that negative ones sort below zero as text. */
const RANK_OFFSET = 1_000_000_000;

export const rankOf = (voteCount: number, lastActivityAt: string): string =>
  `${String(RANK_OFFSET + voteCount).padStart(10, '0')}#${lastActivityAt}`;
