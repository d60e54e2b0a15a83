import { AI_DRAFTS_PER_USER_PER_DAY } from '#shared/domain/limits';
import { takeOne, type RateRule } from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';

/**
 * A draft costs an outbound fetch and a language-model call, so each user has a daily quota,
 * counted atomically before the work: a burst of parallel requests runs at most the quota.
 */
const draftsPerUser: RateRule = {
  name: 'ai-drafts-user',
  max: AI_DRAFTS_PER_USER_PER_DAY,
  windowSeconds: 24 * 60 * 60,
  code: 'DRAFT_QUOTA_REACHED',
  message: (seconds) =>
    `You have used today's ${AI_DRAFTS_PER_USER_PER_DAY} website drafts. Please try again in ${waitText(seconds)}.`,
};

export const spendDraftQuota = async (userId: string): Promise<void> => {
  await takeOne(draftsPerUser, userId);
};
