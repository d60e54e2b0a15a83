import type * as z from 'zod';
import type { ForumVoteResult, voteBody } from '#shared/contract/forum';
import type { ForumVoteType } from '#shared/domain/forum';
import { CONTENDED, retryOnContention } from '../core/db/contention';
import { forumPostEntity } from '../core/db/entities/forum-post';
import { forumThreadEntity } from '../core/db/entities/forum-thread';
import { forumVoteEntity } from '../core/db/entities/forum-vote';
import { writeTransaction, TransactionCancelled } from '../core/db/transaction';
import { Forbidden } from '../core/errors';
import { loadPost } from './posts';
import { FORUM_RETRY, loadThread } from './threads';
import { refreshTopEntry } from './top-threads';
import type { Viewer } from './viewer';

const valueOf = (type: ForumVoteType): number => (type === 'up' ? 1 : -1);

/**
 * What a vote does to the voter's vote on the item: none → this one; the same one → taken back;
 * the other one → switched. Answers the vote after it and how much the item's count moves.
 */
export const voteMove = (
  current: ForumVoteType | null,
  type: ForumVoteType,
): { after: ForumVoteType | null; delta: number } => {
  if (current === null) return { after: type, delta: valueOf(type) };
  if (current === type) return { after: null, delta: -valueOf(type) };
  return { after: type, delta: 2 * valueOf(type) };
};

/**
 * Votes a thread (no postId) or a reply of it. The voter's vote item and the item's count change
 * in one transaction, the vote conditioned on what it was when read: many members voting at once
 * each count exactly once (a transaction that met another is tried again), and one member's two
 * votes at once cannot both count. Nobody votes on what they wrote.
 */
export const vote = async (
  body: z.output<typeof voteBody>,
  viewer: Viewer,
): Promise<ForumVoteResult> => {
  const { threadId, type } = body;
  const postId = body.postId ?? null;
  const target = postId
    ? await loadPost(threadId, postId, viewer)
    : await loadThread(threadId, viewer);
  if (target.userId === viewer.userId) {
    throw new Forbidden('FORUM_OWN_VOTE', 'You cannot vote on your own post');
  }
  const targetId = postId ?? threadId;
  const key = { threadId, userId: viewer.userId, targetId };

  const after = await retryOnContention(FORUM_RETRY('Voting'), async () => {
    const { data: current } = await forumVoteEntity().get(key).go({ consistent: true });
    const move = voteMove(current?.type ?? null, type);
    const outcome = await writeTransaction(
      { vote: forumVoteEntity(), thread: forumThreadEntity(), post: forumPostEntity() },
      ({ vote: votes, thread, post }) => ({
        vote: !current
          ? votes.create({ ...key, type }).commit()
          : move.after === null
            ? votes
                .delete(key)
                .where((attr, op) => op.eq(attr.type, current.type))
                .commit()
            : votes
                .patch(key)
                .set({ type: move.after })
                .where((attr, op) => op.eq(attr.type, current.type))
                .commit(),
        // Top discussions follows a thread's votes by its revision.
        count: postId
          ? post.patch({ threadId, postId }).add({ voteCount: move.delta }).commit()
          : thread.patch({ threadId }).add({ voteCount: move.delta, revision: 1 }).commit(),
      }),
    );
    if (outcome.committed) return move.after;
    // Another vote moved (the voter's own, in another tab) or another transaction met this one.
    if (outcome.conflicted || outcome.failedConditions.has('vote')) return CONTENDED;
    throw new TransactionCancelled('Voting', outcome);
  });

  if (!postId) await refreshTopEntry(threadId);
  const { data: voted } = postId
    ? await forumPostEntity().get({ threadId, postId }).go({ consistent: true })
    : await forumThreadEntity().get({ threadId }).go({ consistent: true });
  return { voteCount: voted?.voteCount ?? 0, myVote: after };
};
