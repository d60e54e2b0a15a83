import { forumVoteResultSchema, type ForumVoteResult } from '#shared/contract/forum';
import type { ForumVoteType } from '#shared/domain/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('POST /forum/votes');

/** A vote on a thread, or with `postId` on one of its replies; answers the count and one's vote. */
export const vote = (
  type: ForumVoteType,
  target: { threadId: string; postId?: string },
): Promise<ForumVoteResult> =>
  callApi(route, {
    body: { type, threadId: target.threadId, ...(target.postId ? { postId: target.postId } : {}) },
  }).then(parsed(forumVoteResultSchema));
