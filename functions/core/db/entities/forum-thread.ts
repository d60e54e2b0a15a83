import { Entity, type EntityItem } from 'electrodb';
import { FORUM_THREAD_STATUSES } from '#shared/domain/forum';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * A forum thread and its opening post (`content`). Its partition (collection `forumThread`) also
 * holds its replies (forum-post.ts), the votes on it and on them (forum-vote.ts) and its entry in
 * Top discussions (forum-top-thread.ts). A category's threads are read through gsi1: the
 * category's id, then `listPlace` — pinned ones first, then by latest activity — read newest
 * first.
 *
 * The author's name is kept on the item as it was when the thread was started, so a page of
 * threads is one query, not one more read per author.
 *
 * `voteCount` and `posts` change only by atomic adds in the transaction of the vote or the reply;
 * `revision` rises with every change Top discussions must follow (a vote, a reply, closing,
 * hiding), so its entry is only ever replaced by a newer state.
 */
export const forumThreadEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'forumThread', version: '1', service: 'sailpost' },
        attributes: {
          threadId: { type: 'string', required: true, readOnly: true },
          categoryId: { type: 'string', required: true },
          categorySlug: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          content: { type: 'string', required: true },
          status: { type: FORUM_THREAD_STATUSES, required: true, default: 'open' },
          voteCount: { type: 'number', required: true, default: 0 },
          posts: { type: 'number', required: true, default: 0 },
          revision: { type: 'number', required: true, default: 0 },
          userId: { type: 'string', required: true, readOnly: true },
          authorFirstName: { type: 'string', required: true, readOnly: true },
          authorLastName: { type: 'string', required: true, readOnly: true },
          pinned: { type: 'boolean', required: true, default: false },
          hidden: { type: 'boolean', required: true, default: false },
          edited: { type: 'boolean', required: true, default: false },
          deleted: { type: 'boolean', required: true, default: false },
          createdAt: { type: 'string', required: true, readOnly: true },
          lastActivityAt: { type: 'string', required: true },
          /** gsi1's sort key: `listPlaceOf(pinned, lastActivityAt, threadId)`. */
          listPlace: { type: 'string', required: true },
        },
        indexes: {
          byId: {
            collection: 'forumThread',
            pk: { field: 'pk', composite: ['threadId'] },
            sk: { field: 'sk', composite: [] },
          },
          byCategory: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['categoryId'] },
            sk: { field: 'gsi1sk', composite: ['listPlace'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ForumThreadRecord = EntityItem<ReturnType<typeof forumThreadEntity>>;

/** Where a thread sorts in its category, read descending: pinned ones, then the latest active. */
export const listPlaceOf = (pinned: boolean, lastActivityAt: string, threadId: string): string =>
  `${pinned ? '1' : '0'}#${lastActivityAt}#${threadId}`;
