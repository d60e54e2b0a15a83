import { campaignEntity, type CampaignRecord } from '../../core/db/entities/campaign';
import { campaignRefEntity } from '../../core/db/entities/campaign-ref';
import type { CompanyRecord } from '../../core/db/entities/company';
import { NotFound } from '../../core/errors';
import type { Caller } from '../../core/auth/authenticate';
import { loadCompanyOwnedBy } from './owned-company';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

const notFound = () => new NotFound('CAMPAIGN_NOT_FOUND', CAMPAIGN_NOT_FOUND);

export interface OwnedCampaign {
  company: CompanyRecord;
  campaign: CampaignRecord;
}

/**
 * The gate for every campaign-scoped call (`/campaigns/{id}`, its media): the campaign's pointer
 * names its company (a strongly consistent read), the company is checked to be the caller's
 * (`loadCompanyOwnedBy`, the one company gate), and only then is the campaign read. A missing campaign,
 * another owner's and one of a deleted company all answer the same 404.
 */
export const loadOwnedCampaign = async (
  campaignId: string,
  caller: Caller,
): Promise<OwnedCampaign> => {
  const { data: ref } = await campaignRefEntity().get({ campaignId }).go({ consistent: true });
  if (!ref) throw notFound();
  const company = await loadCompanyOwnedBy(ref.companyId, caller.userId).catch((error: unknown) => {
    throw error instanceof NotFound ? notFound() : error;
  });
  const { data: campaign } = await campaignEntity()
    .get({ companyId: ref.companyId, campaignId })
    .go({ consistent: true });
  if (!campaign) throw notFound();
  return { company, campaign };
};
