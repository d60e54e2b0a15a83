import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * A deleted campaign whose belongings (media files and items; later its content and schedules)
 * the campaign-cleanup job has not finished removing. Written in the same transaction that
 * deletes the campaign, removed by the job when it is done; in the company's item collection, so
 * the company's own clean-up takes it too.
 *
 * Sparse index (gsi2): only these markers, oldest deletion first, so the sweeper finds a clean-up
 * that never started (or failed for good) without a scan. Its partition key is
 * `campaignCleanup`, not the company's `cleanup`, so the two sweeps never read each other's items.
 */
export const campaignCleanupEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'campaignCleanup', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          deletedAt: { type: 'string', required: true, readOnly: true },
          /** The generator's version the campaign was made from: the clean-up frees it again. */
          fromGeneration: { type: 'string', readOnly: true },
          campaignCleanup: {
            type: ['pending'] as const,
            required: true,
            default: 'pending',
            readOnly: true,
            hidden: true,
          },
        },
        indexes: {
          byCampaign: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['campaignId'] },
          },
          pending: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['campaignCleanup'] },
            sk: { field: 'gsi2sk', composite: ['deletedAt'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type CampaignCleanupRecord = EntityItem<ReturnType<typeof campaignCleanupEntity>>;
