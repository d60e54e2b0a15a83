import type { Logger } from '@aws-lambda-powertools/logger';
import { firstAttemptOfNextRound } from '#shared/domain/content';
import type { CampaignRecord } from '../../core/db/entities/campaign';
import { isConditionFailure } from '../../core/db/conditions';
import { contentEntity, type ContentRecord } from '../../core/db/entities/content';
import { slotPost, type SlotOutcome } from './slotting';

/** Where the owner answered a failure: the app or a text reply (recorded on the history). */
export type FailureAnswerVia = 'app' | 'sms';

const keyOf = (post: ContentRecord) => ({
  companyId: post.companyId,
  campaignId: post.campaignId,
  contentId: post.contentId,
});

const historyEntry = (status: ContentRecord['status'], comment: string, via: FailureAnswerVia) => ({
  date: new Date().toISOString(),
  status,
  comment,
  ...(via === 'sms' ? { via } : {}),
});

/**
 * RETRY: a failed post goes back to `approved` (its error cleared) under the first attempt of a
 * new round — the publisher's earlier attempts are claimed already, and the new round has its own
 * retries — and takes its campaign's next free slot. Only while it is still failed (else null).
 */
export const retryFailedPost = async (
  post: ContentRecord,
  campaign: CampaignRecord,
  via: FailureAnswerVia,
  logger: Pick<Logger, 'warn'>,
): Promise<{ post: ContentRecord; slot: SlotOutcome } | null> => {
  const attempt = firstAttemptOfNextRound(post.publishAttempt ?? 1);
  let approved: ContentRecord;
  try {
    const { data } = await contentEntity()
      .patch(keyOf(post))
      .set({ status: 'approved', publishAttempt: attempt })
      .remove(['publishError', 'scheduledFor', 'publishingSince'])
      .append({ modificationHistory: [historyEntry('approved', 'Publishing retried', via)] })
      .where(({ status }, { eq }) => eq(status, 'failed'))
      .go({ response: 'all_new' });
    approved = data as ContentRecord;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
  const slot = await slotPost(approved, campaign, logger, new Date(), attempt);
  return { post: slot.slotted ? slot.post : approved, slot };
};

/** SKIP: a failed post is given up (`rejected`), only while it is still failed (else null). */
export const skipFailedPost = async (
  post: ContentRecord,
  via: FailureAnswerVia,
): Promise<ContentRecord | null> => {
  try {
    const { data } = await contentEntity()
      .patch(keyOf(post))
      .set({ status: 'rejected' })
      .append({ modificationHistory: [historyEntry('rejected', 'Publishing skipped', via)] })
      .where(({ status }, { eq }) => eq(status, 'failed'))
      .go({ response: 'all_new' });
    return data as ContentRecord;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};
