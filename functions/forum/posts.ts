import type * as z from 'zod';
import type { createPostBody, ForumPost } from '#shared/contract/forum';
import { FORUM_DELETED_TEXT } from '#shared/domain/forum';
import { conditionally } from '../core/db/conditions';
import { CONTENDED, retryOnContention } from '../core/db/contention';
import { forumParticipantEntity } from '../core/db/entities/forum-participant';
import { forumPostEntity, type ForumPostRecord } from '../core/db/entities/forum-post';
import { forumThreadEntity, listPlaceOf } from '../core/db/entities/forum-thread';
import { writeTransaction, TransactionCancelled } from '../core/db/transaction';
import { Conflict, NotFound } from '../core/errors';
import { newTimeOrderedId } from '../core/ids';
import { forumCategoryEntity } from '../core/db/entities/forum-category';
import { spendReplyAllowance } from './limits';
import { myVotesOn } from './my-votes';
import { startReplyEmails } from './reply-emails';
import { FORUM_RETRY, loadThread, requireAuthor, requireEditable } from './threads';
import { refreshTopEntry } from './top-threads';
import { requireAdmin, type Viewer } from './viewer';
import { toPost } from './views';

const postNotFound = () => new NotFound('FORUM_POST_NOT_FOUND', 'Post not found');
const threadClosed = () =>
  new Conflict('FORUM_THREAD_CLOSED', 'This thread is closed: it takes no more replies');

/** A reply the viewer may see, in a thread they may see (the thread is checked first). */
export const loadPost = async (
  threadId: string,
  postId: string,
  viewer: Viewer,
): Promise<ForumPostRecord> => {
  await loadThread(threadId, viewer);
  const { data } = await forumPostEntity().get({ threadId, postId }).go({ consistent: true });
  if (!data || (data.hidden && !viewer.isAdmin)) throw postNotFound();
  return data;
};

const postView = async (post: ForumPostRecord, viewer: Viewer): Promise<ForumPost> => {
  const votes = await myVotesOn(viewer.userId, [
    { threadId: post.threadId, targetId: post.postId },
  ]);
  return toPost(post, viewer, votes.get(post.postId) ?? null);
};

const reloadPost = async (threadId: string, postId: string, viewer: Viewer) =>
  postView(await loadPost(threadId, postId, viewer), viewer);

/**
 * Replies in an open thread: the daily allowance first, then in one transaction the reply and the
 * thread's reply count and latest activity — only while the thread is open, so a reply racing
 * the close is refused — and the replier as a participant. Then the category's latest activity,
 * Top discussions and the reply emails (a job: the answer does not wait for them).
 */
export const createPost = async (
  body: z.output<typeof createPostBody>,
  viewer: Viewer,
): Promise<ForumPost> => {
  const { threadId } = body;
  const before = await loadThread(threadId, viewer);
  if (before.status === 'closed') throw threadClosed();
  await spendReplyAllowance(viewer.userId);
  const postId = newTimeOrderedId();
  const now = new Date().toISOString();
  await retryOnContention(FORUM_RETRY('Replying'), async () => {
    const thread = await loadThread(threadId, viewer);
    if (thread.status === 'closed') throw threadClosed();
    const outcome = await writeTransaction(
      {
        post: forumPostEntity(),
        thread: forumThreadEntity(),
        participant: forumParticipantEntity(),
      },
      ({ post, thread: threads, participant }) => ({
        post: post
          .create({
            threadId,
            postId,
            content: body.content,
            userId: viewer.userId,
            authorFirstName: viewer.firstName,
            authorLastName: viewer.lastName,
            createdAt: now,
          })
          .commit(),
        // Its place in the category follows the pin as read: a pin meanwhile makes it again.
        thread: threads
          .patch({ threadId })
          .add({ posts: 1, revision: 1 })
          .set({
            lastActivityAt: now,
            categoryId: thread.categoryId,
            listPlace: listPlaceOf(thread.pinned, now, threadId),
          })
          .where(
            (attr, op) => `${op.eq(attr.status, 'open')} AND ${op.eq(attr.pinned, thread.pinned)}`,
          )
          .commit(),
        participant: participant.put({ threadId, userId: viewer.userId }).commit(),
      }),
    );
    if (outcome.committed) return true;
    if (outcome.conflicted || outcome.failedConditions.has('thread')) return CONTENDED;
    throw new TransactionCancelled('Replying', outcome);
  });
  await Promise.all([
    // Latest activity only moves forward (two replies at once land in any order).
    conditionally(() =>
      forumCategoryEntity()
        .patch({ board: 'forum', slug: before.categorySlug })
        .set({ lastActivityAt: now })
        .where(
          (attr, op) =>
            `${op.notExists(attr.lastActivityAt)} OR ${op.lt(attr.lastActivityAt, now)}`,
        )
        .go({ response: 'none' }),
    ),
    refreshTopEntry(threadId),
    startReplyEmails(threadId, postId),
  ]);
  return reloadPost(threadId, postId, viewer);
};

/** The author edits the reply within the edit window (marked edited). */
export const editPost = async (
  threadId: string,
  postId: string,
  content: string,
  viewer: Viewer,
): Promise<ForumPost> => {
  const post = await loadPost(threadId, postId, viewer);
  requireAuthor(post, viewer, 'edit');
  requireEditable(post);
  const written = await conditionally(() =>
    forumPostEntity()
      .patch({ threadId, postId })
      .set({ content, edited: true })
      .where((attr, op) => op.eq(attr.deleted, false))
      .go({ response: 'none' }),
  );
  if (!written) requireEditable({ ...post, deleted: true });
  return reloadPost(threadId, postId, viewer);
};

/** The author deletes the reply: its text is replaced, it keeps its place and its replies stay. */
export const deletePost = async (
  threadId: string,
  postId: string,
  viewer: Viewer,
): Promise<ForumPost> => {
  const post = await loadPost(threadId, postId, viewer);
  requireAuthor(post, viewer, 'delete');
  if (!post.deleted) {
    await forumPostEntity()
      .patch({ threadId, postId })
      .set({ content: FORUM_DELETED_TEXT, deleted: true })
      .go({ response: 'none' });
  }
  return reloadPost(threadId, postId, viewer);
};

/**
 * An admin hides the reply (or shows it again), with the thread's count of replies members see in
 * the same transaction, conditioned on the state it moves from.
 */
export const hidePost = async (
  threadId: string,
  postId: string,
  hidden: boolean,
  viewer: Viewer,
): Promise<ForumPost> => {
  requireAdmin(viewer, 'hide a post');
  await retryOnContention(FORUM_RETRY('Hiding a reply'), async () => {
    const post = await loadPost(threadId, postId, viewer);
    if (post.hidden === hidden) return true;
    const outcome = await writeTransaction(
      { post: forumPostEntity(), thread: forumThreadEntity() },
      ({ post: posts, thread }) => ({
        post: posts
          .patch({ threadId, postId })
          .set({ hidden })
          .where((attr, op) => op.eq(attr.hidden, !hidden))
          .commit(),
        thread: thread
          .patch({ threadId })
          .add({ posts: hidden ? -1 : 1 })
          .commit(),
      }),
    );
    if (outcome.committed) return true;
    // Another admin moved it meanwhile, or a reply met this write: read it again.
    if (outcome.conflicted || outcome.failedConditions.has('post')) return CONTENDED;
    throw new TransactionCancelled('Hiding a reply', outcome);
  });
  return reloadPost(threadId, postId, viewer);
};
