import type { PostApproval } from '#shared/contract/content';
import { BULK_APPROVE_MESSAGES, CONTENT_MESSAGES, isReviewable } from '#shared/domain/content';
import { campaignEntity, type CampaignRecord } from '../core/db/entities/campaign';
import type { CompanyRecord } from '../core/db/entities/company';
import { contentRefEntity } from '../core/db/entities/content-ref';
import { Conflict, NotFound } from '../core/errors';
import type { OwnedCampaign } from '../domain/ownership/owned-campaign';
import { approvePost, loadCampaignPost } from './review';

const refused = (
  contentId: string,
  code: 'CONTENT_NOT_FOUND' | 'CONTENT_NOT_REVIEWABLE' | 'CONTENT_MEDIA_UNSUITABLE',
  message: string = code === 'CONTENT_NOT_FOUND'
    ? CONTENT_MESSAGES.notFound
    : CONTENT_MESSAGES.notReviewable,
): PostApproval => ({ contentId, outcome: 'refused', code, message });

/**
 * The campaign of one of the company's posts, found through the post's pointer (a post is named
 * by its id alone here); null when the company has no such post. Campaigns already read are kept,
 * as many posts of one approval share one.
 */
const campaignOfPost = async (
  company: CompanyRecord,
  contentId: string,
  campaigns: Map<string, CampaignRecord | null>,
): Promise<CampaignRecord | null> => {
  const { data: ref } = await contentRefEntity()
    .get({ companyId: company.companyId, contentId })
    .go({ consistent: true });
  if (!ref) return null;
  if (!campaigns.has(ref.campaignId)) {
    const { data } = await campaignEntity()
      .get({ companyId: company.companyId, campaignId: ref.campaignId })
      .go({ consistent: true });
    campaigns.set(ref.campaignId, data);
  }
  return campaigns.get(ref.campaignId) ?? null;
};

/**
 * Approves one post as the owner's own review would (the same conditional write: a post reviewed
 * meanwhile, also by a second approval of the same posts running at once, is not approved again)
 * and says what became of it. Another company's post, or none, answers like a missing one.
 */
const approveOne = async (
  company: CompanyRecord,
  contentId: string,
  campaigns: Map<string, CampaignRecord | null>,
): Promise<PostApproval> => {
  const campaign = await campaignOfPost(company, contentId, campaigns);
  if (!campaign) return refused(contentId, 'CONTENT_NOT_FOUND');
  const owned: OwnedCampaign = { company, campaign };
  try {
    const post = await loadCampaignPost(owned, contentId);
    if (!isReviewable(post.status)) return refused(contentId, 'CONTENT_NOT_REVIEWABLE');
    const { post: approved, slot } = await approvePost(owned, post);
    const { campaignId } = campaign;
    if (slot.slotted) {
      return { contentId, outcome: 'scheduled', campaignId, scheduledFor: approved.scheduledFor! };
    }
    if (slot.reason === 'campaign-not-active') {
      return {
        contentId,
        outcome: 'approved',
        campaignId,
        code: 'CAMPAIGN_NOT_ACTIVE',
        message: BULK_APPROVE_MESSAGES.campaignNotActive,
      };
    }
    if (slot.reason === 'no-free-slot') {
      return {
        contentId,
        outcome: 'approved',
        campaignId,
        code: 'NO_FREE_SLOT',
        message: BULK_APPROVE_MESSAGES.noFreeSlot,
      };
    }
    // Moved on between its approval and its slot (the sweeper slotted it, or it was taken back).
    const now = await loadCampaignPost(owned, contentId);
    return now.status === 'scheduled' && now.scheduledFor
      ? { contentId, outcome: 'scheduled', campaignId, scheduledFor: now.scheduledFor }
      : refused(contentId, 'CONTENT_NOT_REVIEWABLE');
  } catch (error) {
    if (error instanceof NotFound) return refused(contentId, 'CONTENT_NOT_FOUND');
    // Its platform could not publish its media (none on Instagram, a wrong shape): say why.
    if (error instanceof Conflict && error.code === 'CONTENT_MEDIA_UNSUITABLE') {
      return refused(contentId, 'CONTENT_MEDIA_UNSUITABLE', error.message);
    }
    if (error instanceof Conflict) return refused(contentId, 'CONTENT_NOT_REVIEWABLE');
    throw error;
  }
};

/**
 * Approves the company's posts named, each on its own and in the order given (so the first of a
 * campaign takes its earlier slot), and answers what became of each, in the same order.
 */
export const approveCompanyPosts = async (
  company: CompanyRecord,
  contentIds: readonly string[],
): Promise<PostApproval[]> => {
  const campaigns = new Map<string, CampaignRecord | null>();
  const results: PostApproval[] = [];
  for (const contentId of contentIds) {
    results.push(await approveOne(company, contentId, campaigns));
  }
  return results;
};
