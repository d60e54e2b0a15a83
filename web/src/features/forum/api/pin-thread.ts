import { forumThreadSchema, type ForumThread } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('PUT /forum/threads/{id}/pin');
/** An admin pins a thread to the top of its category (`pinned: false` unpins it). */
export const pinThread = (threadId: string, pinned: boolean): Promise<ForumThread> =>
  callApi(route, { params: { id: threadId }, body: { pinned } }).then(parsed(forumThreadSchema));
