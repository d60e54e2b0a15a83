import { forumThreadSchema, type ForumThread } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('PUT /forum/threads/{id}/hide');
/** An admin hides a thread from everyone but admins (`hidden: false` shows it again). */
export const hideThread = (threadId: string, hidden: boolean): Promise<ForumThread> =>
  callApi(route, { params: { id: threadId }, body: { hidden } }).then(parsed(forumThreadSchema));
