import { contentRoutes } from '#shared/contract/content';
import { loadOwnedCampaign } from '../domain/ownership/owned-campaign';
import { createGroupHandler } from '../core/http/group-handler';
import { listContent } from './content-store';
import { toGeneratedContent } from './content-view';
import { startContentGeneration } from './generate';
import { loadCampaignPost, reviewContent } from './review';
import { resolveReviewLink } from './review-links';
import { freeSlotsFor, moveScheduledPost } from '../domain/publishing/moving';

export const handler = createGroupHandler(contentRoutes, {
  list: async ({ params, query, caller }) => {
    const { campaign } = await loadOwnedCampaign(params.campaignId, caller);
    const page = await listContent(
      campaign.companyId,
      campaign.campaignId,
      { platform: query.platform, status: query.status },
      query,
    );
    return {
      data: page.data.map(toGeneratedContent),
      limit: query.limit,
      nextCursor: page.nextCursor,
    };
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

  resolveReviewLink: async ({ params, caller }) => resolveReviewLink(params.code, caller),
});
