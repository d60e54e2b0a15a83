import { Entity } from 'electrodb';
import { CAMPAIGN_INTENTIONS, CAMPAIGN_STATUSES } from '#shared/domain/campaigns';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/**
 * A campaign of a company, in the company's item collection. The fields the list and the company
 * overview need; content seeds, schedule and generated content arrive with the campaigns issue.
 */
export const campaignEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'campaign', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true },
          description: { type: 'string', required: true, default: '' },
          status: { type: CAMPAIGN_STATUSES, required: true, default: 'draft' },
          platforms: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
          campaignIntention: {
            type: CAMPAIGN_INTENTIONS,
            required: true,
            default: 'personal-storytelling',
          },
          startDate: { type: 'string', required: true },
          endDate: { type: 'string', required: true },
          ...timestampAttributes,
        },
        indexes: {
          byCompany: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['campaignId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
