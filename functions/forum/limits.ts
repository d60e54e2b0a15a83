import { FORUM_REPLIES_PER_DAY, FORUM_THREADS_PER_DAY } from '#shared/domain/forum';
import { takeOne, type RateRule } from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';

/**
 * What one member may write a day, counted atomically before the write it guards: however many
 * requests arrive at once, the eleventh thread (the sixty-first reply) of the day is refused.
 */
const DAY_SECONDS = 24 * 60 * 60;

const threadsPerDay: RateRule = {
  name: 'forum-threads',
  max: FORUM_THREADS_PER_DAY,
  windowSeconds: DAY_SECONDS,
  code: 'FORUM_THREAD_LIMIT_REACHED',
  message: (seconds) =>
    `You can start at most ${FORUM_THREADS_PER_DAY} threads a day. Please try again in ${waitText(seconds)}.`,
};

const repliesPerDay: RateRule = {
  name: 'forum-replies',
  max: FORUM_REPLIES_PER_DAY,
  windowSeconds: DAY_SECONDS,
  code: 'FORUM_REPLY_LIMIT_REACHED',
  message: (seconds) =>
    `You can write at most ${FORUM_REPLIES_PER_DAY} replies a day. Please try again in ${waitText(seconds)}.`,
};

export const spendThreadAllowance = async (userId: string): Promise<void> => {
  await takeOne(threadsPerDay, userId);
};

export const spendReplyAllowance = async (userId: string): Promise<void> => {
  await takeOne(repliesPerDay, userId);
};
