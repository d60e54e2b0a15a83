import { FORUM_TOP_THREADS, FORUM_TOP_WINDOW_DAYS } from '#shared/domain/forum';
import { isConditionFailure } from '../core/db/conditions';
import { forumThreadEntity, type ForumThreadRecord } from '../core/db/entities/forum-thread';
import { forumTopThreadEntity, rankOf } from '../core/db/entities/forum-top-thread';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = FORUM_TOP_WINDOW_DAYS * DAY_MS;
/** The TTL removes an entry this long after its window (the read filters it out before then). */
const EXPIRY_MARGIN_MS = 2 * DAY_MS;
/** Entries a Top discussions read looks through at most (in one query): stale ones are skipped. */
const READ_AT_MOST = FORUM_TOP_THREADS * 5;

/** Whether the thread may be in Top discussions at `now`: open, shown, not deleted, recent. */
export const isTopCandidate = (
  thread: Pick<ForumThreadRecord, 'status' | 'hidden' | 'deleted' | 'lastActivityAt'>,
  now: number = Date.now(),
): boolean =>
  thread.status === 'open' &&
  !thread.hidden &&
  !thread.deleted &&
  Date.parse(thread.lastActivityAt) > now - WINDOW_MS;

/** The Top discussions entry of a thread as it is. */
export const topEntryOf = (
  thread: Pick<
    ForumThreadRecord,
    'threadId' | 'status' | 'hidden' | 'deleted' | 'lastActivityAt' | 'voteCount' | 'revision'
  >,
) => ({
  threadId: thread.threadId,
  lane: isTopCandidate(thread) ? ('active' as const) : ('inactive' as const),
  rank: rankOf(thread.voteCount, thread.lastActivityAt),
  revision: thread.revision,
  lastActivityAt: thread.lastActivityAt,
  expiresAt: Math.ceil((Date.parse(thread.lastActivityAt) + WINDOW_MS + EXPIRY_MARGIN_MS) / 1000),
});

/**
 * Brings the thread's Top discussions entry up to the thread as it is now (read consistently),
 * after a change to it committed. The entry is written only over an older revision, so of two
 * refreshes at once the one that read the newer thread stands, whatever order they land in.
 */
export const refreshTopEntry = async (threadId: string): Promise<void> => {
  const { data: thread } = await forumThreadEntity().get({ threadId }).go({ consistent: true });
  if (!thread) return;
  try {
    await forumTopThreadEntity()
      .put(topEntryOf(thread))
      .where(
        (attr, op) => `${op.notExists(attr.revision)} OR ${op.lt(attr.revision, thread.revision)}`,
      )
      .go({ response: 'none' });
  } catch (error) {
    // A newer revision is already there (or the same one): nothing to bring up to date.
    if (!isConditionFailure(error)) throw error;
  }
};

/**
 * Top discussions: the most-voted threads active within the window, from the small index of
 * candidates (one query, most votes first), then the threads themselves (one batch read). An
 * entry whose thread changed since is checked against the thread, so nothing hidden or closed
 * slips through.
 */
export const readTopThreads = async (): Promise<ForumThreadRecord[]> => {
  const now = Date.now();
  const since = new Date(now - WINDOW_MS).toISOString();
  const { data: entries } = await forumTopThreadEntity()
    .query.byRank({ lane: 'active' })
    .where((attr, op) => op.gt(attr.lastActivityAt, since))
    .go({ order: 'desc', limit: READ_AT_MOST });
  const ids = entries.slice(0, FORUM_TOP_THREADS * 2).map((entry) => entry.threadId);
  if (ids.length === 0) return [];
  const { data: threads, unprocessed } = await forumThreadEntity()
    .get(ids.map((threadId) => ({ threadId })))
    .go();
  if (unprocessed.length > 0) throw new Error('Top discussions were left unread');
  const byId = new Map(threads.map((thread) => [thread.threadId, thread]));
  return ids
    .map((id) => byId.get(id))
    .filter((thread): thread is ForumThreadRecord => !!thread && isTopCandidate(thread, now))
    .sort((a, b) => b.voteCount - a.voteCount || b.lastActivityAt.localeCompare(a.lastActivityAt))
    .slice(0, FORUM_TOP_THREADS);
};
