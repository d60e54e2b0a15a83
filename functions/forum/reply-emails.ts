import { randomUUID } from 'node:crypto';
import { FORUM_REPLY_EMAIL_INTERVAL_SECONDS, forumThreadPath } from '#shared/domain/forum';
import { firstWords } from '#shared/domain/first-words';
import { resolveAppUrl } from '../core/app-url';
import { forumParticipantEntity } from '../core/db/entities/forum-participant';
import { forumPostEntity } from '../core/db/entities/forum-post';
import { forumThreadEntity } from '../core/db/entities/forum-thread';
import { userEntity } from '../core/db/entities/user';
import { RateLimited } from '../core/errors';
import { takeOne, type RateRule } from '../core/limits/rate-limit';
import { logger } from '../core/logger';
import { emailSender } from '../integrations/email/provider';
import { jobStarter } from '../integrations/jobs/provider';

/** One reply email an hour per thread to each person, however many replies come. */
const replyEmailsPerThread: RateRule = {
  name: 'forum-reply-email',
  max: 1,
  windowSeconds: FORUM_REPLY_EMAIL_INTERVAL_SECONDS,
  code: 'RATE_LIMITED',
  message: () => 'A reply email was sent for this thread within the hour',
};

/** The reply is written: its emails go from a job, so the replier does not wait for them. */
export const startReplyEmails = async (threadId: string, postId: string): Promise<void> => {
  await (
    await jobStarter()
  ).start('forum-reply-emails', { threadId, postId, requestId: randomUUID() });
};

/**
 * Emails the thread's author and everyone who replied before — not the replier — about a reply,
 * with a link to the thread: at most once an hour per thread per person, and never to someone who
 * turned "Email me about forum replies" off. Nothing goes out for a hidden thread or reply.
 */
export const sendReplyEmails = async (threadId: string, postId: string): Promise<number> => {
  const [{ data: thread }, { data: post }, { data: participants }] = await Promise.all([
    forumThreadEntity().get({ threadId }).go({ consistent: true }),
    forumPostEntity().get({ threadId, postId }).go({ consistent: true }),
    forumParticipantEntity().query.byThread({ threadId }).go({ pages: 'all', consistent: true }),
  ]);
  if (!thread || !post || thread.hidden || post.hidden || post.deleted) return 0;
  const link = `${await resolveAppUrl()}${forumThreadPath(thread.categorySlug, threadId)}`;
  const replier = `${post.authorFirstName} ${post.authorLastName}`;
  let sent = 0;
  for (const { userId } of participants) {
    if (userId === post.userId) continue;
    const { data: user } = await userEntity().get({ userId }).go();
    if (!user || user.forumReplyEmails === false) continue;
    try {
      await takeOne(replyEmailsPerThread, `${threadId}:${userId}`);
    } catch (error) {
      if (error instanceof RateLimited) continue;
      throw error;
    }
    await (
      await emailSender()
    ).send({
      to: user.email,
      subject: `New reply in “${firstWords(thread.title, 80)}”`,
      text: [
        `${replier} replied in “${thread.title}” on the Sailpost Founder Forum:`,
        '',
        firstWords(post.content, 280),
        '',
        `Read the thread: ${link}`,
        '',
        'You get at most one email an hour per thread. To stop these emails, turn off ' +
          '"Email me about forum replies" in your profile.',
      ].join('\n'),
    });
    sent++;
  }
  logger.info('Forum reply emails sent', { threadId, postId, sent });
  return sent;
};
