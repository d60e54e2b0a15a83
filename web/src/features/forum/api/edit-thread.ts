import { forumThreadSchema, type EditThreadBody, type ForumThread } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('PUT /forum/threads/{id}');
/** The author's edit of a thread's title or opening post, within the edit window. */
export const editThread = (threadId: string, body: EditThreadBody): Promise<ForumThread> =>
  callApi(route, { params: { id: threadId }, body }).then(parsed(forumThreadSchema));
