import { forumThreadSchema, type CreateThreadBody, type ForumThread } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('POST /forum/threads');

export const createThread = (body: CreateThreadBody): Promise<ForumThread> =>
  callApi(route, { body }).then(parsed(forumThreadSchema));
