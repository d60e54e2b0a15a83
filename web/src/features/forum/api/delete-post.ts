import { forumPostSchema, type ForumPost } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('DELETE /forum/threads/{threadId}/posts/{postId}');
/** The author deletes a reply: its text is replaced, it keeps its place. */
export const deletePost = (threadId: string, postId: string): Promise<ForumPost> =>
  callApi(route, { params: { threadId, postId } }).then(parsed(forumPostSchema));
