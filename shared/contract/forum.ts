import * as z from 'zod';
import {
  categorySlug,
  FORUM_CATEGORIES_MAX,
  FORUM_CATEGORY_DESCRIPTION_MAX,
  FORUM_CATEGORY_NAME_MAX,
  FORUM_CATEGORY_ORDER_MAX,
  FORUM_POST_MAX,
  FORUM_REPLIES_PER_DAY,
  FORUM_RESERVED_SLUGS,
  FORUM_SLUG_MAX,
  FORUM_SLUG_PATH_PATTERN,
  FORUM_THREAD_STATUSES,
  FORUM_THREADS_PER_DAY,
  FORUM_TITLE_MAX,
  FORUM_TOP_THREADS,
  FORUM_TOP_WINDOW_DAYS,
  FORUM_VOTE_TYPES,
} from '../domain/forum';
import { bodyErrors, requiredLongText, text } from './fields';
import { pageOf, pageQuery } from './paging';
import { defineRoute, PATH_ID_PATTERN } from './route';

/* ----- What the API answers ----- */

/** Who wrote a thread or a post: the spec's populated `userId`. */
export const forumAuthorSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type ForumAuthor = z.infer<typeof forumAuthorSchema>;

/** The caller's own vote on a thread or a post. */
const myVoteSchema = z.enum(FORUM_VOTE_TYPES).nullable();

export const forumCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** Lower first; categories of one order by name. */
  order: z.number().int(),
  /** How many threads the category holds (hidden ones are not counted). */
  threads: z.number().int().nonnegative(),
  /** When a thread of it was last started or replied to (UTC ISO); null while it has none. */
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ForumCategory = z.infer<typeof forumCategorySchema>;

/** A category for the New Thread picker. */
export const forumCategoryChoiceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
});
export type ForumCategoryChoice = z.infer<typeof forumCategoryChoiceSchema>;

/**
 * A thread as lists show it (a category's page, Top discussions): everything but its opening post,
 * which only the thread's own page carries (`forumThreadSchema`).
 */
export const forumThreadSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  categoryId: z.string(),
  /** The category's slug, for the thread's link (`/dashboard/forum/{categorySlug}/{_id}`). */
  categorySlug: z.string(),
  status: z.enum(FORUM_THREAD_STATUSES),
  /** Up votes minus down votes. */
  voteCount: z.number().int(),
  userId: forumAuthorSchema,
  /** How many replies it has (hidden ones are not counted). */
  posts: z.number().int().nonnegative(),
  /** UTC ISO. */
  createdAt: z.string(),
  /** When it was started or last replied to (UTC ISO): lists are ordered by it. */
  lastActivityAt: z.string(),
  /** Pinned threads come first in their category. */
  pinned: z.boolean(),
  /** Hidden by an admin: only admins are ever sent a hidden thread (always false for others). */
  hidden: z.boolean(),
  /** Its opening post was edited by its author. */
  edited: z.boolean(),
  /** Its author deleted its opening post (the content reads FORUM_DELETED_TEXT). */
  deleted: z.boolean(),
  myVote: myVoteSchema,
});
export type ForumThreadSummary = z.infer<typeof forumThreadSummarySchema>;

/** A thread with its opening post (`content`, Markdown as written). */
export const forumThreadSchema = forumThreadSummarySchema.extend({
  content: z.string(),
  /**
   * Until when (UTC ISO) the caller may edit the opening post: set only for its author while the
   * edit window runs and it is not deleted; null otherwise.
   */
  editableUntil: z.string().nullable(),
});
export type ForumThread = z.infer<typeof forumThreadSchema>;

/** A reply in a thread. */
export const forumPostSchema = z.object({
  _id: z.string(),
  threadId: z.string(),
  /** Markdown as written; FORUM_DELETED_TEXT once its author deleted it. */
  content: z.string(),
  voteCount: z.number().int(),
  userId: forumAuthorSchema,
  createdAt: z.string(),
  edited: z.boolean(),
  deleted: z.boolean(),
  /** Hidden by an admin: only admins are ever sent a hidden post (always false for others). */
  hidden: z.boolean(),
  myVote: myVoteSchema,
  /** As the thread's: until when the caller (its author) may edit it, or null. */
  editableUntil: z.string().nullable(),
});
export type ForumPost = z.infer<typeof forumPostSchema>;

/** A category's page: the category and one page of its threads, pinned first, then by activity. */
export const forumCategoryPageSchema = pageOf(forumThreadSummarySchema).extend({
  category: forumCategorySchema,
});
export type ForumCategoryPage = z.infer<typeof forumCategoryPageSchema>;

/** A thread's page: the thread (with its opening post) and one page of its replies, oldest first. */
export const forumThreadPageSchema = pageOf(forumPostSchema).extend({
  thread: forumThreadSchema,
});
export type ForumThreadPage = z.infer<typeof forumThreadPageSchema>;

/** What a vote leaves: the item's count and the caller's vote on it (null once taken back). */
export const forumVoteResultSchema = z.object({
  voteCount: z.number().int(),
  myVote: myVoteSchema,
});
export type ForumVoteResult = z.infer<typeof forumVoteResultSchema>;

/* ----- What the API takes ----- */

const title = () => text('Title', 'Title is required', FORUM_TITLE_MAX);
const postContent = (requiredMessage: string) =>
  requiredLongText('Content', requiredMessage, FORUM_POST_MAX);

/** An id sent in a body rather than the path: its shape here, whether it exists in the handler. */
const idValue = (requiredMessage: string, notFoundMessage: string) =>
  z.string({ error: requiredMessage }).regex(PATH_ID_PATTERN, notFoundMessage);

export const createCategoryBody = z
  .strictObject(
    {
      name: text('Name', 'Category name is required', FORUM_CATEGORY_NAME_MAX),
      /**
       * Optional: the server derives it from the name (categorySlug). When sent, it must be what
       * the name gives — the form shows it as the name is typed.
       */
      slug: z
        .string({ error: 'Slug must be text' })
        .max(FORUM_SLUG_MAX, `Slug must be at most ${FORUM_SLUG_MAX} characters`)
        .regex(FORUM_SLUG_PATH_PATTERN, 'Slug may hold only lower-case letters, digits and hyphens')
        .optional(),
      description: requiredLongText(
        'Description',
        'Category description is required',
        FORUM_CATEGORY_DESCRIPTION_MAX,
      ),
      order: z
        .number({ error: 'Order must be a number' })
        .int('Order must be a whole number')
        .min(0, 'Order must be at least 0')
        .max(FORUM_CATEGORY_ORDER_MAX, `Order must be at most ${FORUM_CATEGORY_ORDER_MAX}`),
    },
    bodyErrors(),
  )
  .superRefine((body, ctx) => {
    const derived = categorySlug(body.name);
    if (!FORUM_SLUG_PATH_PATTERN.test(derived)) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: 'Category name must contain a letter or a digit',
      });
    } else if (FORUM_RESERVED_SLUGS.includes(derived)) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: `"${body.name}" cannot be a category name`,
      });
    } else if (body.slug !== undefined && body.slug !== derived) {
      ctx.addIssue({
        code: 'custom',
        path: ['slug'],
        message: `Slug must be "${derived}", as the name gives`,
      });
    }
  });
export type CreateCategoryBody = z.input<typeof createCategoryBody>;

export const createThreadBody = z.strictObject(
  {
    title: title(),
    content: postContent('Content is required'),
    categoryId: idValue('Category is required', 'Category not found'),
  },
  bodyErrors(),
);
export type CreateThreadBody = z.input<typeof createThreadBody>;

/** The author's edit of a thread's opening post: its title, its text, or both. */
export const editThreadBody = z
  .strictObject(
    { title: title().optional(), content: postContent('Content is required').optional() },
    bodyErrors(),
  )
  .refine((body) => body.title !== undefined || body.content !== undefined, {
    message: 'Nothing to change: send a title or content',
    path: ['content'],
  });
export type EditThreadBody = z.input<typeof editThreadBody>;

export const createPostBody = z.strictObject(
  {
    content: postContent('Reply is required'),
    threadId: idValue('Thread is required', 'Thread not found'),
  },
  bodyErrors(),
);
export type CreatePostBody = z.input<typeof createPostBody>;

export const editPostBody = z.strictObject(
  { content: postContent('Reply is required') },
  bodyErrors(),
);
export type EditPostBody = z.input<typeof editPostBody>;

/**
 * A vote on a thread (no `postId`) or on a reply of it (`postId`, in the thread `threadId`). The
 * same vote again takes it back; the other one switches it.
 */
export const voteBody = z.strictObject(
  {
    type: z.enum(FORUM_VOTE_TYPES, { error: 'Vote type must be up or down' }),
    threadId: idValue('Thread is required', 'Thread not found'),
    postId: idValue('Post is required', 'Post not found').nullable().optional(),
  },
  bodyErrors(),
);
export type VoteBody = z.input<typeof voteBody>;

export const hideBody = z.strictObject(
  { hidden: z.boolean({ error: 'hidden must be true or false' }) },
  bodyErrors(),
);
export type HideBody = z.input<typeof hideBody>;

export const pinBody = z.strictObject(
  { pinned: z.boolean({ error: 'pinned must be true or false' }) },
  bodyErrors(),
);
export type PinBody = z.input<typeof pinBody>;

/* ----- The routes ----- */

const forum = { group: 'forum', access: 'forum' } as const;

export const forumRoutes = {
  listCategories: defineRoute({
    method: 'GET',
    path: '/forum/categories',
    ...forum,
    summary: `Every category (at most ${FORUM_CATEGORIES_MAX}) in its order, with its thread count and latest activity`,
    response: z.array(forumCategorySchema),
    errors: [],
  }),
  listCategoryChoices: defineRoute({
    method: 'GET',
    path: '/forum/categories/simple',
    ...forum,
    summary: "Every category's id, name and slug, in order, for the New Thread picker",
    response: z.array(forumCategoryChoiceSchema),
    errors: [],
  }),
  getCategory: defineRoute({
    method: 'GET',
    path: '/forum/categories/{slug}',
    owners: { slug: 'forumCategory' },
    ...forum,
    summary: 'A category and a page of its threads: pinned first, then by latest activity',
    query: pageQuery,
    response: forumCategoryPageSchema,
    errors: ['FORUM_CATEGORY_NOT_FOUND'],
  }),
  createCategory: defineRoute({
    method: 'POST',
    path: '/forum/categories',
    ...forum,
    summary: 'Creates a category; its slug follows from its name and is unique',
    body: createCategoryBody,
    response: forumCategorySchema,
    successStatus: 201,
    errors: ['FORUM_SLUG_TAKEN', 'FORUM_CATEGORY_LIMIT_REACHED'],
  }),
  topThreads: defineRoute({
    method: 'GET',
    path: '/forum/threads/top',
    ...forum,
    summary: `Top discussions: the ${FORUM_TOP_THREADS} most-voted open threads active in the last ${FORUM_TOP_WINDOW_DAYS} days`,
    response: z.array(forumThreadSummarySchema),
    errors: [],
  }),
  getThread: defineRoute({
    method: 'GET',
    path: '/forum/threads/{id}',
    owners: { id: 'forumThread' },
    ...forum,
    summary: 'A thread with its opening post, and a page of its replies, oldest first',
    query: pageQuery,
    response: forumThreadPageSchema,
    errors: ['FORUM_THREAD_NOT_FOUND'],
  }),
  createThread: defineRoute({
    method: 'POST',
    path: '/forum/threads',
    ...forum,
    summary: `Starts a thread in a category (at most ${FORUM_THREADS_PER_DAY} a day per person)`,
    body: createThreadBody,
    response: forumThreadSchema,
    successStatus: 201,
    errors: ['FORUM_CATEGORY_NOT_FOUND', 'FORUM_THREAD_LIMIT_REACHED'],
  }),
  editThread: defineRoute({
    method: 'PUT',
    path: '/forum/threads/{id}',
    owners: { id: 'forumThread' },
    ...forum,
    summary: "The author edits the thread's title or opening post within the edit window",
    body: editThreadBody,
    response: forumThreadSchema,
    errors: ['FORUM_THREAD_NOT_FOUND', 'FORUM_NOT_AUTHOR', 'FORUM_NOT_EDITABLE'],
  }),
  deleteThread: defineRoute({
    method: 'DELETE',
    path: '/forum/threads/{id}',
    owners: { id: 'forumThread' },
    ...forum,
    summary: "The author deletes the thread's opening post (its text is replaced; replies stay)",
    response: forumThreadSchema,
    errors: ['FORUM_THREAD_NOT_FOUND', 'FORUM_NOT_AUTHOR'],
  }),
  closeThread: defineRoute({
    method: 'PUT',
    path: '/forum/threads/{id}/close',
    owners: { id: 'forumThread' },
    ...forum,
    summary: 'An admin closes the thread: it takes no more replies',
    response: forumThreadSchema,
    errors: ['FORUM_THREAD_NOT_FOUND', 'FORBIDDEN'],
  }),
  hideThread: defineRoute({
    method: 'PUT',
    path: '/forum/threads/{id}/hide',
    owners: { id: 'forumThread' },
    ...forum,
    summary: 'An admin hides the thread from everyone but admins, or shows it again',
    body: hideBody,
    response: forumThreadSchema,
    errors: ['FORUM_THREAD_NOT_FOUND', 'FORBIDDEN'],
  }),
  pinThread: defineRoute({
    method: 'PUT',
    path: '/forum/threads/{id}/pin',
    owners: { id: 'forumThread' },
    ...forum,
    summary: 'An admin pins the thread to the top of its category, or unpins it',
    body: pinBody,
    response: forumThreadSchema,
    errors: ['FORUM_THREAD_NOT_FOUND', 'FORBIDDEN'],
  }),
  createPost: defineRoute({
    method: 'POST',
    path: '/forum/posts',
    ...forum,
    summary: `Replies in an open thread (at most ${FORUM_REPLIES_PER_DAY} replies a day per person)`,
    body: createPostBody,
    response: forumPostSchema,
    successStatus: 201,
    errors: ['FORUM_THREAD_NOT_FOUND', 'FORUM_THREAD_CLOSED', 'FORUM_REPLY_LIMIT_REACHED'],
  }),
  editPost: defineRoute({
    method: 'PUT',
    path: '/forum/threads/{threadId}/posts/{postId}',
    owners: { threadId: 'forumThread', postId: 'forumPost' },
    ...forum,
    summary: 'The author edits the reply within the edit window',
    body: editPostBody,
    response: forumPostSchema,
    errors: [
      'FORUM_THREAD_NOT_FOUND',
      'FORUM_POST_NOT_FOUND',
      'FORUM_NOT_AUTHOR',
      'FORUM_NOT_EDITABLE',
    ],
  }),
  deletePost: defineRoute({
    method: 'DELETE',
    path: '/forum/threads/{threadId}/posts/{postId}',
    owners: { threadId: 'forumThread', postId: 'forumPost' },
    ...forum,
    summary: 'The author deletes the reply (its text is replaced; it keeps its place)',
    response: forumPostSchema,
    errors: ['FORUM_THREAD_NOT_FOUND', 'FORUM_POST_NOT_FOUND', 'FORUM_NOT_AUTHOR'],
  }),
  hidePost: defineRoute({
    method: 'PUT',
    path: '/forum/threads/{threadId}/posts/{postId}/hide',
    owners: { threadId: 'forumThread', postId: 'forumPost' },
    ...forum,
    summary: 'An admin hides the reply from everyone but admins, or shows it again',
    body: hideBody,
    response: forumPostSchema,
    errors: ['FORUM_THREAD_NOT_FOUND', 'FORUM_POST_NOT_FOUND', 'FORBIDDEN'],
  }),
  vote: defineRoute({
    method: 'POST',
    path: '/forum/votes',
    ...forum,
    summary:
      'Votes a thread or a reply up or down: the same vote again takes it back, the other switches it',
    body: voteBody,
    response: forumVoteResultSchema,
    errors: ['FORUM_THREAD_NOT_FOUND', 'FORUM_POST_NOT_FOUND', 'FORUM_OWN_VOTE'],
  }),
} as const;
