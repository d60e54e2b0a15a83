import { forumPostSchema, type ForumPost } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('PUT /forum/threads/{threadId}/posts/{postId}/hide');
/** An admin hides a reply from everyone but admins (`hidden: false` shows it again). */
export const hidePost = (threadId: string, postId: string, hidden: boolean): Promise<ForumPost> =>
  callApi(route, { params: { threadId, postId }, body: { hidden } }).then(parsed(forumPostSchema));
