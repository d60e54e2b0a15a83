import type { Logger } from '@aws-lambda-powertools/logger';
import type { DraftTextOutcome } from '#shared/domain/content';
import { campaignEntity } from '../core/db/entities/campaign';
import { companyEntity } from '../core/db/entities/company';
import type { ContentRecord } from '../core/db/entities/content';
import { newTimeOrderedId } from '../core/ids';
import { sendDraftDigest } from './draft-text';

/**
 * Tells the owner once that a post could not be published: the platform, its first words, why,
 * and `RETRY n` / `SKIP n` (numbered in a digest, as drafts are). Called by whoever moved the post
 * to `failed` (the move is conditional, so it happens once); a text that cannot go out leaves the
 * failure on the post, where the app shows it.
 */
export const textPublishFailure = async (
  post: Pick<ContentRecord, 'companyId' | 'campaignId' | 'contentId' | 'platform' | 'content'>,
  reason: string,
  logger: Logger,
): Promise<DraftTextOutcome | 'gone'> => {
  const [{ data: company }, { data: campaign }] = await Promise.all([
    companyEntity().get({ companyId: post.companyId }).go(),
    campaignEntity().get({ companyId: post.companyId, campaignId: post.campaignId }).go(),
  ]);
  if (!company || company.deletedAt || !campaign) return 'gone';
  return sendDraftDigest(
    {
      ownerId: company.userId,
      digestId: newTimeOrderedId(),
      kind: 'failed',
      items: [
        {
          number: 1,
          companyId: post.companyId,
          campaignId: post.campaignId,
          contentId: post.contentId,
          platform: post.platform,
          campaignName: campaign.name,
          text: post.content,
          reason,
        },
      ],
    },
    logger,
  );
};
