import { forumThreadSchema, type ForumThread } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('PUT /forum/threads/{id}/close');
/** An admin closes a thread: it takes no more replies. */
export const closeThread = (threadId: string): Promise<ForumThread> =>
  callApi(route, { params: { id: threadId } }).then(parsed(forumThreadSchema));
