import { Entity, type EntityItem } from 'electrodb';
import type { CampaignStatus } from '#shared/domain/campaigns';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * How many campaigns a company has, per status: the list's `total` and the overview's counts,
 * without counting rows. One item in the company's item collection (gone with the company),
 * changed only by atomic ADDs in the same transaction as the campaign write that changes a count
 * (create, delete, a status change). Kept apart from the company item so a campaign write never
 * touches the company's own `updatedAt`.
 */
export const campaignCountsEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'campaignCounts', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          draft: { type: 'number', required: true, default: 0 },
          active: { type: 'number', required: true, default: 0 },
          paused: { type: 'number', required: true, default: 0 },
          completed: { type: 'number', required: true, default: 0 },
        },
        indexes: {
          byCompany: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type CampaignCountsRecord = EntityItem<ReturnType<typeof campaignCountsEntity>>;

export type CampaignCounts = Record<CampaignStatus, number> & { total: number };

/** The counts of a company (all 0 before its first campaign). */
export const campaignCountsOf = (
  record: Partial<Record<CampaignStatus, number>> | null,
): CampaignCounts => {
  const counts = {
    draft: Math.max(0, record?.draft ?? 0),
    active: Math.max(0, record?.active ?? 0),
    paused: Math.max(0, record?.paused ?? 0),
    completed: Math.max(0, record?.completed ?? 0),
  };
  return { ...counts, total: counts.draft + counts.active + counts.paused + counts.completed };
};
