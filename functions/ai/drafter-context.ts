import type { DrafterCompany } from '../integrations/ai/campaign-drafter';
import { campaignEntity } from '../core/db/entities/campaign';
import type { CompanyRecord } from '../core/db/entities/company';

/** How many of the company's newest campaign names a drafter is told, so it does not repeat them. */
const RECENT_CAMPAIGNS = 10;

/** The company as a drafter sees it: its profile, in its own words. */
export const drafterCompanyOf = (company: CompanyRecord): DrafterCompany => ({
  name: company.name,
  description: company.description,
  brandVoice: company.brandVoice,
  brandColors: [...company.brandColors],
  website: company.website,
});

/** The names of the company's newest campaigns, newest first (one query, one short page). */
export const recentCampaignNames = async (companyId: string): Promise<string[]> => {
  const { data } = await campaignEntity()
    .query.byCompany({ companyId })
    .go({ order: 'desc', limit: RECENT_CAMPAIGNS, attributes: ['name'] });
  return data.map((campaign) => campaign.name);
};
