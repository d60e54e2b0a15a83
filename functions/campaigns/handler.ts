import { campaignsRoutes } from '#shared/contract/campaigns';
import { loadOwnedCompany } from '../core/auth/owned-company';
import { campaignEntity } from '../core/db/entities/campaign';
import { createGroupHandler } from '../core/http/group-handler';

export const handler = createGroupHandler(campaignsRoutes, {
  listForCompany: async ({ params, query, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    // A company's campaigns are one partition: read it whole, then order and page in memory.
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
        createdAt: campaign.createdAt,
        updatedAt: campaign.updatedAt,
      })),
      total: matching.length,
      skip: query.skip,
      limit: query.limit,
    };
  },
});
