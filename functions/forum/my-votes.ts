import type { ForumVoteType } from '#shared/domain/forum';
import { forumVoteEntity } from '../core/db/entities/forum-vote';

/** A thread or a reply of it: where its vote item lives (the thread's partition) and its id. */
export interface VoteTarget {
  readonly threadId: string;
  readonly targetId: string;
}

/**
 * The viewer's votes on the items of a page, by target id: one batch read of exactly those items'
 * vote keys, whatever the page holds.
 */
export const myVotesOn = async (
  userId: string,
  targets: readonly VoteTarget[],
): Promise<ReadonlyMap<string, ForumVoteType>> => {
  if (targets.length === 0) return new Map();
  const { data, unprocessed } = await forumVoteEntity()
    .get(targets.map(({ threadId, targetId }) => ({ threadId, userId, targetId })))
    .go();
  if (unprocessed.length > 0) throw new Error('Votes of a page were left unread');
  return new Map(data.map((vote) => [vote.targetId, vote.type]));
};
