import { contentRoutes } from '#shared/contract/content';
import { loadOwnedCampaign } from '../domain/ownership/owned-campaign';
import { loadOwnedCompany } from '../domain/ownership/owned-company';
import { createGroupHandler } from '../core/http/group-handler';
import { approveCompanyPosts } from './bulk-approve';
import { listCompanyDrafts, listCompanyPosts } from './company-posts';
import { listContent } from './content-store';
import { newPostsUnderWay } from './content-generations';
import { toGeneratedContent, toGeneratingPost } from './content-view';
import { startContentGeneration } from './generate';
import { loadCampaignPost, reviewContent } from './review';
import { resolveReviewLink } from './review-links';
import { freeSlotsFor, moveScheduledPost } from '../domain/publishing/moving';
import { undoReview } from '../domain/publishing/undoing';

export const handler = createGroupHandler(contentRoutes, {
  list: async ({ params, query, caller }) => {
    const { campaign } = await loadOwnedCampaign(params.campaignId, caller);
    const [page, underWay] = await Promise.all([
      listContent(
        campaign.companyId,
        campaign.campaignId,
        { platform: query.platform, status: query.status },
        query,
      ),
      newPostsUnderWay(campaign.companyId, campaign.campaignId),
    ]);
    return {
      data: page.data.map(toGeneratedContent),
      limit: query.limit,
      nextCursor: page.nextCursor,
      generating: underWay.map(toGeneratingPost),
    };
  },

  read: async ({ params, caller }) =>
    toGeneratedContent(
      await loadCampaignPost(await loadOwnedCampaign(params.campaignId, caller), params.contentId),
    ),

  undo: async ({ params, caller }) => {
    const owned = await loadOwnedCampaign(params.campaignId, caller);
    return toGeneratedContent(await undoReview(await loadCampaignPost(owned, params.contentId)));
  },

  generate: async ({ params, body, caller }) =>
    startContentGeneration(await loadOwnedCampaign(params.campaignId, caller), body),

  review: async ({ params, body, caller }) =>
    reviewContent(await loadOwnedCampaign(params.campaignId, caller), params.contentId, body),

  freeSlots: async ({ params, caller }) => {
    const owned = await loadOwnedCampaign(params.campaignId, caller);
    const post = await loadCampaignPost(owned, params.contentId);
    const slots = await freeSlotsFor(post, owned.campaign);
    return {
      slots: slots.map((slot) => slot.toISOString()),
      timeZone: owned.campaign.schedule.timeZone,
    };
  },

  move: async ({ params, body, caller }) => {
    const owned = await loadOwnedCampaign(params.campaignId, caller);
    const post = await loadCampaignPost(owned, params.contentId);
    const to = body.now ? ('now' as const) : new Date(body.scheduledFor!);
    return toGeneratedContent(await moveScheduledPost(post, owned.campaign, to));
  },

  companyPosts: async ({ params, query, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    const page = await listCompanyPosts(company.companyId, query, query);
    return {
      data: page.data.map(toGeneratedContent),
      limit: query.limit,
      nextCursor: page.nextCursor,
    };
  },

  companyDrafts: async ({ params, query, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    const page = await listCompanyDrafts(company.companyId, query);
    return {
      data: page.data.map(toGeneratedContent),
      limit: query.limit,
      nextCursor: page.nextCursor,
    };
  },

  approvePosts: async ({ params, body, caller }) => ({
    results: await approveCompanyPosts(
      await loadOwnedCompany(params.companyId, caller),
      body.contentIds,
    ),
  }),
  resolveReviewLink: async ({ params, caller }) => resolveReviewLink(params.code, caller),
});
