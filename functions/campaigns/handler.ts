import { campaignsRoutes } from '#shared/contract/campaigns';
import { loadOwnedCompany } from '../core/auth/owned-company';
import { loadOwnedCampaign } from '../core/auth/owned-campaign';
import { campaignEntity } from '../core/db/entities/campaign';
import { Unavailable } from '../core/errors';
import { createGroupHandler } from '../core/http/group-handler';

// Placeholder until the campaigns API lands on this branch (the contract comes first).
const notYet = () => {
  throw new Unavailable('SERVICE_UNAVAILABLE', 'Campaigns are not available yet');
};

export const handler = createGroupHandler(campaignsRoutes, {
  listForCompany: async ({ params, query, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    const { data } = await campaignEntity()
      .query.byCompany({ companyId: company.companyId })
      .go({ pages: 'all' });
    const matching = data
      .filter((campaign) => !query.status || campaign.status === query.status)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return {
      data: matching.slice(query.skip, query.skip + query.limit).map((campaign) => ({
        _id: campaign.campaignId,
        company: campaign.companyId,
        name: campaign.name,
        description: campaign.description,
        status: campaign.status,
        platforms: campaign.platforms,
        campaignIntention: campaign.campaignIntention,
        startDate: campaign.startDate,
        endDate: campaign.endDate,
        contentSeeds: campaign.contentSeeds,
        schedule: campaign.schedule,
        mediaCount: campaign.mediaCount,
        createdAt: campaign.createdAt,
        updatedAt: campaign.updatedAt,
      })),
      total: matching.length,
      skip: query.skip,
      limit: query.limit,
      nextCursor: null,
    };
  },
  get: async ({ params, caller }) => {
    await loadOwnedCampaign(params.id, caller);
    return notYet();
  },
  create: async () => notYet(),
  update: async ({ params, caller }) => {
    await loadOwnedCampaign(params.id, caller);
    return notYet();
  },
  remove: async ({ params, caller }) => {
    await loadOwnedCampaign(params.id, caller);
    return notYet();
  },
  setStatus: async ({ params, caller }) => {
    await loadOwnedCampaign(params.id, caller);
    return notYet();
  },
});
