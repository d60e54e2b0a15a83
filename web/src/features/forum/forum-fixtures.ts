import type {
  ForumCategory,
  ForumPost,
  ForumThread,
  ForumThreadPage,
  ForumThreadSummary,
} from '#shared/contract/forum';

/** The forum's answers as the API gives them, for the screens' tests. */

export const THREAD_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

export const maya = { _id: 'u1', firstName: 'Maya', lastName: 'Lopez' };
export const sam = { _id: 'u2', firstName: 'Sam', lastName: 'Okafor' };

export const makeCategory = (overrides: Partial<ForumCategory> = {}): ForumCategory => ({
  _id: 'cat1',
  name: 'Growth & Marketing',
  slug: 'growth-marketing',
  description: 'What brings customers in.',
  order: 0,
  threads: 2,
  lastActivityAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const makeThreadSummary = (
  overrides: Partial<ForumThreadSummary> = {},
): ForumThreadSummary => ({
  _id: THREAD_ID,
  title: 'How often do you post on X?',
  categoryId: 'cat1',
  categorySlug: 'growth-marketing',
  status: 'open',
  voteCount: 3,
  userId: sam,
  posts: 1,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastActivityAt: '2026-11-20T10:00:00.000Z',
  pinned: false,
  hidden: false,
  edited: false,
  deleted: false,
  myVote: null,
  ...overrides,
});

export const makeThread = (overrides: Partial<ForumThread> = {}): ForumThread => ({
  ...makeThreadSummary(),
  content: 'I post **twice a day**. See [my notes](https://example.com/notes).',
  editableUntil: null,
  ...overrides,
});

export const makePost = (overrides: Partial<ForumPost> = {}): ForumPost => ({
  _id: 'p1',
  threadId: THREAD_ID,
  content: 'Once a day works for us.',
  voteCount: 1,
  userId: maya,
  createdAt: '2026-11-20T10:00:00.000Z',
  edited: false,
  deleted: false,
  hidden: false,
  myVote: null,
  editableUntil: null,
  ...overrides,
});

export const threadPage = (
  thread: ForumThread = makeThread(),
  posts: ForumPost[] = [makePost()],
  nextCursor: string | null = null,
): ForumThreadPage => ({ thread, data: posts, nextCursor });
