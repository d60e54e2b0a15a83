import { randomUUID } from 'node:crypto';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { campaignRefEntity } from '#functions/core/db/entities/campaign-ref';
import { companyEntity, type CompanyRecord } from '#functions/core/db/entities/company';

/**
 * Items written straight to the table, for unit tests against DynamoDB Local (test/support/
 * local-table.ts) that need a company or a campaign without the routes that make them.
 */

/** A company ("Harbor Coffee", a random owner) with `fields` on top. */
export const seedCompany = async (fields: Partial<CompanyRecord> = {}): Promise<CompanyRecord> => {
  const { data } = await companyEntity()
    .create({
      companyId: randomUUID(),
      userId: randomUUID(),
      name: 'Harbor Coffee',
      brandColors: [],
      ...fields,
    })
    .go();
  return data as CompanyRecord;
};

type CampaignFields = Partial<Parameters<ReturnType<typeof campaignEntity>['create']>[0]>;

/**
 * A campaign of the company (a March 2026 "Spring" unless `fields` say otherwise) and, with
 * `withRef`, the pointer that names its company, as creating one through the API writes both.
 */
export const seedCampaign = async (
  companyId: string,
  fields: CampaignFields = {},
  { withRef = false }: { withRef?: boolean } = {},
): Promise<string> => {
  const campaignId = fields.campaignId ?? randomUUID();
  await campaignEntity()
    .create({
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      ...fields,
      companyId,
      campaignId,
    })
    .go();
  if (withRef) await campaignRefEntity().create({ campaignId, companyId }).go();
  return campaignId;
};
