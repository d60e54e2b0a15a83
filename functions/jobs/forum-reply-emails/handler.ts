import * as z from 'zod';
import { defineJob } from '#functions/core/jobs/define-job';
import { sendReplyEmails } from '#functions/forum/reply-emails';

/** Emails the people of a thread about a new reply, after POST /forum/posts has answered. */
export const handler = defineJob({
  name: 'forum-reply-emails',
  event: z.object({
    threadId: z.string().min(1).max(64),
    postId: z.string().min(1).max(64),
    requestId: z.string().min(1),
  }),
  idempotencyKey: (event) => event.requestId,
  run: ({ threadId, postId }) => sendReplyEmails(threadId, postId),
});
