import { forumPostSchema, type EditPostBody, type ForumPost } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('PUT /forum/threads/{threadId}/posts/{postId}');
/** The author's edit of a reply, within the edit window. */
export const editPost = (
  threadId: string,
  postId: string,
  body: EditPostBody,
): Promise<ForumPost> =>
  callApi(route, { params: { threadId, postId }, body }).then(parsed(forumPostSchema));
