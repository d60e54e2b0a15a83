import type { Logger } from '@aws-lambda-powertools/logger';
import { firstAttemptOfNextRound, type ActedVia } from '#shared/domain/content';
import type { CampaignRecord } from '../../core/db/entities/campaign';
import type { ContentRecord } from '../../core/db/entities/content';
import { applyTransition } from './post-lifecycle';
import { slotPost, type SlotOutcome } from './slotting';

/**
 * RETRY: a failed post goes back to `approved` (its error cleared) under the first attempt of a
 * new round — the publisher's earlier attempts are claimed already, and the new round has its own
 * retries — and takes its campaign's next free slot. Only while it is still failed (else null).
 */
export const retryFailedPost = async (
  post: ContentRecord,
  campaign: CampaignRecord,
  via: ActedVia,
  logger: Pick<Logger, 'warn'>,
): Promise<{ post: ContentRecord; slot: SlotOutcome } | null> => {
  const attempt = firstAttemptOfNextRound(post.publishAttempt ?? 1);
  const approved = await applyTransition('retry', post, { set: { publishAttempt: attempt }, via });
  if (!approved) return null;
  const slot = await slotPost(approved, campaign, logger, new Date(), attempt);
  return { post: slot.slotted ? slot.post : approved, slot };
};

/** SKIP: a failed post is given up (`rejected`), only while it is still failed (else null). */
export const skipFailedPost = (post: ContentRecord, via: ActedVia): Promise<ContentRecord | null> =>
  applyTransition('skip', post, { via });
