import type * as z from 'zod';
import type { Page, PageQuery } from '#shared/contract/paging';
import type {
  createThreadBody,
  editThreadBody,
  ForumCategoryPage,
  ForumThread,
  ForumThreadPage,
  ForumThreadSummary,
} from '#shared/contract/forum';
import {
  FORUM_DELETED_TEXT,
  FORUM_EDIT_WINDOW_MINUTES,
  isWithinEditWindow,
} from '#shared/domain/forum';
import { CONTENDED, retryOnContention } from '../core/db/contention';
import { forumCategoryEntity } from '../core/db/entities/forum-category';
import { forumParticipantEntity } from '../core/db/entities/forum-participant';
import { forumPostEntity, type ForumPostRecord } from '../core/db/entities/forum-post';
import {
  forumThreadEntity,
  listPlaceOf,
  type ForumThreadRecord,
} from '../core/db/entities/forum-thread';
import { forumTopThreadEntity } from '../core/db/entities/forum-top-thread';
import { conditionally, isConditionFailure } from '../core/db/conditions';
import { checkCursorOf, readCappedPage } from '../core/db/paging';
import { writeTransaction, TransactionCancelled } from '../core/db/transaction';
import { newTimeOrderedId } from '../core/ids';
import { Conflict, Forbidden, NotFound } from '../core/errors';
import { loadCategoryById, loadCategoryBySlug } from './categories';
import { spendThreadAllowance } from './limits';
import { myVotesOn } from './my-votes';
import { refreshTopEntry, topEntryOf } from './top-threads';
import { requireAdmin, type Viewer } from './viewer';
import { toCategory, toPost, toThread, toThreadSummary } from './views';

const threadNotFound = () => new NotFound('FORUM_THREAD_NOT_FOUND', 'Thread not found');

/** Writes that meet others on the same thread or category are tried again, a few times. */
export const FORUM_RETRY = (what: string) => ({
  attempts: 10,
  exhausted: `${what} stayed contended`,
});

/** A thread the viewer may see: a hidden one is missing to all but admins. */
export const loadThread = async (threadId: string, viewer: Viewer): Promise<ForumThreadRecord> => {
  const { data } = await forumThreadEntity().get({ threadId }).go({ consistent: true });
  if (!data || (data.hidden && !viewer.isAdmin)) throw threadNotFound();
  return data;
};

/** The thread as the viewer sees it, with their vote on it. */
export const threadView = async (
  thread: ForumThreadRecord,
  viewer: Viewer,
): Promise<ForumThread> => {
  const votes = await myVotesOn(viewer.userId, [
    { threadId: thread.threadId, targetId: thread.threadId },
  ]);
  return toThread(thread, viewer, votes.get(thread.threadId) ?? null);
};

/** Threads of a list with the viewer's votes on them (one batch read). */
export const threadSummaries = async (
  threads: readonly ForumThreadRecord[],
  viewer: Viewer,
): Promise<ForumThreadSummary[]> => {
  const votes = await myVotesOn(
    viewer.userId,
    threads.map(({ threadId }) => ({ threadId, targetId: threadId })),
  );
  return threads.map((thread) => toThreadSummary(thread, votes.get(thread.threadId) ?? null));
};

/**
 * Reads of a page that leaves hidden items out, at most: hidden items are rare, so one read of a
 * page's worth almost always fills it; when it does not, one more, and a page may then be short
 * and still have a next one.
 */
const FILTERED_READS = 2;

type Keys = Record<'pk' | 'sk' | 'gsi1pk' | 'gsi1sk', string>;

/**
 * One page of a forum list, a bounded read whatever the list's length: one query of one item more
 * than the page holds (so the last page says it is the last), or, leaving hidden items out, at
 * most FILTERED_READS such queries.
 */
const readForumPage = <T extends object>(
  go: (options: object) => Promise<{ data: unknown[]; cursor: string | null }>,
  page: PageQuery,
  filtered: boolean,
  keyOf: (item: T & Keys) => object,
): Promise<Page<T>> =>
  readCappedPage<T & Keys>(
    { go: async (options) => (await go(options)) as { data: (T & Keys)[]; cursor: string | null } },
    page,
    {
      reads: filtered ? FILTERED_READS : 1,
      readLimit: page.limit + 1,
      keyOf,
    },
  );

/** A category and one page of its threads, pinned first, then by latest activity. */
export const categoryPage = async (
  slug: string,
  viewer: Viewer,
  page: PageQuery,
): Promise<ForumCategoryPage> => {
  const category = await loadCategoryBySlug(slug);
  const threads = forumThreadEntity().query.byCategory({ categoryId: category.categoryId });
  checkCursorOf(page.cursor, threads.params());
  const visible = viewer.isAdmin ? threads : threads.where((attr, op) => op.eq(attr.hidden, false));
  const { data, nextCursor } = await readForumPage<ForumThreadRecord>(
    (options) => visible.go({ ...options, order: 'desc' }),
    page,
    !viewer.isAdmin,
    ({ pk, sk, gsi1pk, gsi1sk }) => ({ pk, sk, gsi1pk, gsi1sk }),
  );
  return {
    category: toCategory(category),
    data: await threadSummaries(data, viewer),
    nextCursor,
  };
};

/** A thread with its opening post and one page of its replies, oldest first. */
export const threadPage = async (
  threadId: string,
  viewer: Viewer,
  page: PageQuery,
): Promise<ForumThreadPage> => {
  const replies = forumPostEntity().query.byThread({ threadId });
  checkCursorOf(page.cursor, replies.params());
  const visible = viewer.isAdmin ? replies : replies.where((attr, op) => op.eq(attr.hidden, false));
  const [thread, { data: posts, nextCursor }] = await Promise.all([
    loadThread(threadId, viewer),
    readForumPage<ForumPostRecord>(
      (options) => visible.go({ ...options, order: 'asc' }),
      page,
      !viewer.isAdmin,
      ({ pk, sk }) => ({ pk, sk }),
    ),
  ]);
  const votes = await myVotesOn(viewer.userId, [
    { threadId, targetId: threadId },
    ...posts.map(({ postId }) => ({ threadId, targetId: postId })),
  ]);
  return {
    thread: toThread(thread, viewer, votes.get(threadId) ?? null),
    data: posts.map((post) => toPost(post, viewer, votes.get(post.postId) ?? null)),
    nextCursor,
  };
};

/**
 * Starts a thread: the author's daily allowance first, then, in one transaction, the thread, one
 * more thread on its category (with its latest activity), the author as a participant (reply
 * emails) and the thread's entry in Top discussions.
 */
export const createThread = async (
  body: z.output<typeof createThreadBody>,
  viewer: Viewer,
): Promise<ForumThread> => {
  const category = await loadCategoryById(body.categoryId);
  await spendThreadAllowance(viewer.userId);
  const threadId = newTimeOrderedId();
  const now = new Date().toISOString();
  await retryOnContention(FORUM_RETRY('Starting a thread'), async () => {
    const outcome = await writeTransaction(
      {
        thread: forumThreadEntity(),
        category: forumCategoryEntity(),
        participant: forumParticipantEntity(),
        top: forumTopThreadEntity(),
      },
      ({ thread, category: categories, participant, top }) => ({
        thread: thread
          .create({
            threadId,
            categoryId: category.categoryId,
            categorySlug: category.slug,
            title: body.title,
            content: body.content,
            userId: viewer.userId,
            authorFirstName: viewer.firstName,
            authorLastName: viewer.lastName,
            createdAt: now,
            lastActivityAt: now,
            listPlace: listPlaceOf(false, now, threadId),
          })
          .commit(),
        category: categories
          .patch({ board: 'forum', slug: category.slug })
          .add({ threads: 1 })
          .set({ lastActivityAt: now })
          .commit(),
        participant: participant.put({ threadId, userId: viewer.userId }).commit(),
        top: top
          .put(
            topEntryOf({
              threadId,
              status: 'open',
              hidden: false,
              deleted: false,
              lastActivityAt: now,
              voteCount: 0,
              revision: 0,
            }),
          )
          .commit(),
      }),
    );
    if (outcome.committed) return true;
    if (outcome.conflicted) return CONTENDED;
    throw new TransactionCancelled('Starting a thread', outcome);
  });
  return threadView(await loadThread(threadId, viewer), viewer);
};

/** The author's own post, or FORUM_NOT_AUTHOR (anyone may read it, only they change it). */
export const requireAuthor = (record: { userId: string }, viewer: Viewer, doing: string): void => {
  if (record.userId !== viewer.userId) {
    throw new Forbidden('FORUM_NOT_AUTHOR', `You can only ${doing} your own posts`);
  }
};

export const NOT_EDITABLE_MESSAGE = `Posts can only be edited within ${FORUM_EDIT_WINDOW_MINUTES} minutes of writing them`;

/** Refuses an edit of a deleted post, or one past the edit window. */
export const requireEditable = (record: { createdAt: string; deleted: boolean }): void => {
  if (record.deleted) {
    throw new Conflict('FORUM_NOT_EDITABLE', 'A deleted post cannot be edited');
  }
  if (!isWithinEditWindow(record.createdAt)) {
    throw new Conflict('FORUM_NOT_EDITABLE', NOT_EDITABLE_MESSAGE);
  }
};

/** The author edits the title or the opening post within the edit window (marked edited). */
export const editThread = async (
  threadId: string,
  body: z.output<typeof editThreadBody>,
  viewer: Viewer,
): Promise<ForumThread> => {
  const thread = await loadThread(threadId, viewer);
  requireAuthor(thread, viewer, 'edit');
  requireEditable(thread);
  const written = await conditionally(() =>
    forumThreadEntity()
      .patch({ threadId })
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.content !== undefined ? { content: body.content } : {}),
        edited: true,
      })
      .where((attr, op) => op.eq(attr.deleted, false))
      .go({ response: 'none' }),
  );
  // Deleted by its author (in another window) since it was read.
  if (!written) requireEditable({ ...thread, deleted: true });
  return threadView(await loadThread(threadId, viewer), viewer);
};

/** The author deletes the opening post: its text is replaced, the thread and replies stay. */
export const deleteThread = async (threadId: string, viewer: Viewer): Promise<ForumThread> => {
  const thread = await loadThread(threadId, viewer);
  requireAuthor(thread, viewer, 'delete');
  if (!thread.deleted) {
    await forumThreadEntity()
      .patch({ threadId })
      .set({ content: FORUM_DELETED_TEXT, deleted: true })
      .add({ revision: 1 })
      .go({ response: 'none' });
    await refreshTopEntry(threadId);
  }
  return threadView(await loadThread(threadId, viewer), viewer);
};

/** An admin closes the thread: no more replies (closing it again changes nothing). */
export const closeThread = async (threadId: string, viewer: Viewer): Promise<ForumThread> => {
  requireAdmin(viewer, 'close a thread');
  const thread = await loadThread(threadId, viewer);
  if (thread.status !== 'closed') {
    await forumThreadEntity()
      .patch({ threadId })
      .set({ status: 'closed' })
      .add({ revision: 1 })
      .go({ response: 'none' });
    await refreshTopEntry(threadId);
  }
  return threadView(await loadThread(threadId, viewer), viewer);
};

/**
 * An admin hides the thread (or shows it again): in the same transaction as its category's count
 * of threads members see, conditioned on the state it moves from, so two admins at once move it
 * once.
 */
export const hideThread = async (
  threadId: string,
  hidden: boolean,
  viewer: Viewer,
): Promise<ForumThread> => {
  requireAdmin(viewer, 'hide a thread');
  const moved = await retryOnContention(FORUM_RETRY('Hiding a thread'), async () => {
    const thread = await loadThread(threadId, viewer);
    if (thread.hidden === hidden) return false;
    const outcome = await writeTransaction(
      { thread: forumThreadEntity(), category: forumCategoryEntity() },
      ({ thread: threads, category }) => ({
        thread: threads
          .patch({ threadId })
          .set({ hidden })
          .add({ revision: 1 })
          .where((attr, op) => op.eq(attr.hidden, !hidden))
          .commit(),
        category: category
          .patch({ board: 'forum', slug: thread.categorySlug })
          .add({ threads: hidden ? -1 : 1 })
          .commit(),
      }),
    );
    if (outcome.committed) return true;
    // Another admin moved it meanwhile, or another write met this one: read it again.
    if (outcome.conflicted || outcome.failedConditions.has('thread')) return CONTENDED;
    throw new TransactionCancelled('Hiding a thread', outcome);
  });
  if (moved) await refreshTopEntry(threadId);
  return threadView(await loadThread(threadId, viewer), viewer);
};

/**
 * An admin pins the thread to the top of its category (or unpins it). Its place in the category
 * is made of the pin and its latest activity, so the write holds only if no reply moved the
 * activity meanwhile (then it is made again).
 */
export const pinThread = async (
  threadId: string,
  pinned: boolean,
  viewer: Viewer,
): Promise<ForumThread> => {
  requireAdmin(viewer, 'pin a thread');
  await retryOnContention(FORUM_RETRY('Pinning a thread'), async () => {
    const thread = await loadThread(threadId, viewer);
    if (thread.pinned === pinned) return true;
    try {
      await forumThreadEntity()
        .patch({ threadId })
        .set({
          pinned,
          categoryId: thread.categoryId,
          listPlace: listPlaceOf(pinned, thread.lastActivityAt, threadId),
        })
        .where((attr, op) => op.eq(attr.lastActivityAt, thread.lastActivityAt))
        .go({ response: 'none' });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return CONTENDED;
      throw error;
    }
  });
  return threadView(await loadThread(threadId, viewer), viewer);
};
