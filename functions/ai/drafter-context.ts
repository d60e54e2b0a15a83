import { campaignEntity } from '../core/db/entities/campaign';

/** How many of the company's newest campaign names a drafter is told, so it does not repeat them. */
const RECENT_CAMPAIGNS = 10;

/** The names of the company's newest campaigns, newest first (one query, one short page). */
export const recentCampaignNames = async (companyId: string): Promise<string[]> => {
  const { data } = await campaignEntity()
    .query.byCompany({ companyId })
    .go({ order: 'desc', limit: RECENT_CAMPAIGNS, attributes: ['name'] });
  return data.map((campaign) => campaign.name);
};
