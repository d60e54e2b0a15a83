import { Entity, type EntityItem } from 'electrodb';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * One slot of a campaign's schedule, taken by one post of a platform: created in the same
 * transaction that schedules the post, and only if absent, so two posts approved at once never
 * share a slot. In the company's item collection under its campaign (the clean-ups remove it);
 * a campaign's future claims of a platform are one query from now on.
 */
export const slotClaimEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'slotClaim', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          platform: { type: PLATFORM_IDS, required: true, readOnly: true },
          /** The slot (UTC ISO). */
          slot: { type: 'string', required: true, readOnly: true },
          contentId: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byCampaign: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['campaignId', 'platform', 'slot'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type SlotClaimRecord = EntityItem<ReturnType<typeof slotClaimEntity>>;
