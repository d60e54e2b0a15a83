import type {
  ForumCategory,
  ForumPost,
  ForumThread,
  ForumThreadSummary,
} from '#shared/contract/forum';
import { editableUntil, isWithinEditWindow, type ForumVoteType } from '#shared/domain/forum';
import type { ForumCategoryRecord } from '../core/db/entities/forum-category';
import type { ForumPostRecord } from '../core/db/entities/forum-post';
import type { ForumThreadRecord } from '../core/db/entities/forum-thread';
import type { Viewer } from './viewer';

/** The forum's items as the API shows them (the spec's field names). */

export const toCategory = (record: ForumCategoryRecord): ForumCategory => ({
  _id: record.categoryId,
  name: record.name,
  slug: record.slug,
  description: record.description,
  order: record.order,
  threads: Math.max(0, record.threads),
  lastActivityAt: record.lastActivityAt ?? null,
  createdAt: record.createdAt,
});

/** Categories as the home page and the picker list them: by `order`, then by name. */
export const inCategoryOrder = (records: ForumCategoryRecord[]): ForumCategoryRecord[] =>
  [...records].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));

const author = (record: { userId: string; authorFirstName: string; authorLastName: string }) => ({
  _id: record.userId,
  firstName: record.authorFirstName,
  lastName: record.authorLastName,
});

/** Until when the viewer may edit what they wrote at `createdAt`; null for anyone else. */
const editableUntilFor = (
  viewer: Viewer,
  record: { userId: string; createdAt: string; deleted: boolean },
): string | null =>
  record.userId === viewer.userId && !record.deleted && isWithinEditWindow(record.createdAt)
    ? editableUntil(record.createdAt)
    : null;

export const toThreadSummary = (
  record: ForumThreadRecord,
  myVote: ForumVoteType | null,
): ForumThreadSummary => ({
  _id: record.threadId,
  title: record.title,
  categoryId: record.categoryId,
  categorySlug: record.categorySlug,
  status: record.status,
  voteCount: record.voteCount,
  userId: author(record),
  posts: Math.max(0, record.posts),
  createdAt: record.createdAt,
  lastActivityAt: record.lastActivityAt,
  pinned: record.pinned,
  hidden: record.hidden,
  edited: record.edited,
  deleted: record.deleted,
  myVote,
});

export const toThread = (
  record: ForumThreadRecord,
  viewer: Viewer,
  myVote: ForumVoteType | null,
): ForumThread => ({
  ...toThreadSummary(record, myVote),
  content: record.content,
  editableUntil: editableUntilFor(viewer, record),
});

export const toPost = (
  record: ForumPostRecord,
  viewer: Viewer,
  myVote: ForumVoteType | null,
): ForumPost => ({
  _id: record.postId,
  threadId: record.threadId,
  content: record.content,
  voteCount: record.voteCount,
  userId: author(record),
  createdAt: record.createdAt,
  edited: record.edited,
  deleted: record.deleted,
  hidden: record.hidden,
  myVote,
  editableUntil: editableUntilFor(viewer, record),
});
