import { forumThreadSchema, type ForumThread } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('DELETE /forum/threads/{id}');
/** The author deletes a thread's opening post: its text is replaced, its replies stay. */
export const deleteThread = (threadId: string): Promise<ForumThread> =>
  callApi(route, { params: { id: threadId } }).then(parsed(forumThreadSchema));
