import { forumPostSchema, type ForumPost } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('POST /forum/posts');
/** A reply in an open thread. */
export const createPost = (threadId: string, content: string): Promise<ForumPost> =>
  callApi(route, { body: { threadId, content } }).then(parsed(forumPostSchema));
