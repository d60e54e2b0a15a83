import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * The pointer from a campaign's id to its company: `/campaigns/{id}` names no company, and a GSI
 * keyed by campaign id would be read eventually consistent (a campaign just created could answer
 * 404). Written and deleted in the same transactions as the campaign itself. It lives in its own
 * partition, outside the company's item collection, so the company's clean-up removes the
 * pointers of the company's campaigns explicitly (functions/campaigns/campaign-removal.ts).
 */
export const campaignRefEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'campaignRef', version: '1', service: 'sailpost' },
        attributes: {
          campaignId: { type: 'string', required: true, readOnly: true },
          companyId: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byCampaign: {
            pk: { field: 'pk', composite: ['campaignId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type CampaignRefRecord = EntityItem<ReturnType<typeof campaignRefEntity>>;
