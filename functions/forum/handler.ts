import { forumRoutes } from '#shared/contract/forum';
import { Unavailable } from '../core/errors';
import { createGroupHandler } from '../core/http/group-handler';

// The contract comes first so the screens can be built against it; the routes follow.
const notYet = () => Promise.reject(new Unavailable('SERVICE_UNAVAILABLE', 'Not available yet'));

export const handler = createGroupHandler(forumRoutes, {
  listCategories: notYet,
  listCategoryChoices: notYet,
  getCategory: notYet,
  createCategory: notYet,
  topThreads: notYet,
  getThread: notYet,
  createThread: notYet,
  editThread: notYet,
  deleteThread: notYet,
  closeThread: notYet,
  hideThread: notYet,
  pinThread: notYet,
  createPost: notYet,
  editPost: notYet,
  deletePost: notYet,
  hidePost: notYet,
  vote: notYet,
});
