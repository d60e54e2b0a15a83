import { forumRoutes } from '#shared/contract/forum';
import { createGroupHandler } from '../core/http/group-handler';
import { createCategory, listCategoryRecords } from './categories';
import { createPost, deletePost, editPost, hidePost } from './posts';
import {
  categoryPage,
  closeThread,
  createThread,
  deleteThread,
  editThread,
  hideThread,
  pinThread,
  threadPage,
  threadSummaries,
} from './threads';
import { readTopThreads } from './top-threads';
import { viewerOf } from './viewer';
import { toCategory } from './views';
import { vote } from './votes';

// Every route is 'forum' access: the caller is a founder or an admin by the time it runs.
export const handler = createGroupHandler(forumRoutes, {
  listCategories: async () => (await listCategoryRecords()).map(toCategory),
  listCategoryChoices: async () =>
    (await listCategoryRecords()).map(({ categoryId, name, slug }) => ({
      _id: categoryId,
      name,
      slug,
    })),
  getCategory: ({ params, query, caller }) => categoryPage(params.slug, viewerOf(caller), query),
  createCategory: async ({ body, caller }) => toCategory(await createCategory(body, caller.userId)),
  topThreads: async ({ caller }) => threadSummaries(await readTopThreads(), viewerOf(caller)),
  getThread: ({ params, query, caller }) => threadPage(params.id, viewerOf(caller), query),
  createThread: ({ body, caller }) => createThread(body, viewerOf(caller)),
  editThread: ({ params, body, caller }) => editThread(params.id, body, viewerOf(caller)),
  deleteThread: ({ params, caller }) => deleteThread(params.id, viewerOf(caller)),
  closeThread: ({ params, caller }) => closeThread(params.id, viewerOf(caller)),
  hideThread: ({ params, body, caller }) => hideThread(params.id, body.hidden, viewerOf(caller)),
  pinThread: ({ params, body, caller }) => pinThread(params.id, body.pinned, viewerOf(caller)),
  createPost: ({ body, caller }) => createPost(body, viewerOf(caller)),
  editPost: ({ params, body, caller }) =>
    editPost(params.threadId, params.postId, body.content, viewerOf(caller)),
  deletePost: ({ params, caller }) => deletePost(params.threadId, params.postId, viewerOf(caller)),
  hidePost: ({ params, body, caller }) =>
    hidePost(params.threadId, params.postId, body.hidden, viewerOf(caller)),
  vote: ({ body, caller }) => vote(body, viewerOf(caller)),
});
