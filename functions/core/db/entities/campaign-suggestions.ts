import { Entity, type EntityItem } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * The campaign ideas a company was given on one local day (`day`, `yyyy-MM-dd` in its zone):
 * opening the generator again that day reads them instead of asking the drafter. In the company's
 * item collection; the TTL removes it after its day.
 */
export const campaignSuggestionsEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'campaignSuggestions', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          day: { type: 'string', required: true, readOnly: true },
          suggestions: { type: 'list', items: { type: 'string' }, required: true },
          source: { type: ['openai', 'offline'] as const, required: true },
          createdAt: { type: 'string', required: true },
          /** Epoch seconds, a day after the local day ended. */
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byCompanyDay: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['day'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type CampaignSuggestionsRecord = EntityItem<ReturnType<typeof campaignSuggestionsEntity>>;
