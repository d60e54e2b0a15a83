import { Entity, type EntityItem } from 'electrodb';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * What a company's results add up to, per platform and scope, changed only by atomic additions as
 * readings arrive (a later reading of a post adds the difference to the earlier one), so the
 * Performance page and the best-times model read a few dozen items, never every post:
 * - `account`: every post (key ''); - `cell`: a weekday × part of the day (`tue#morning`);
 * - `week`: the Monday of a week (`yyyy-MM-dd`); - `campaign`: a campaign's id;
 * - `bin`: one bin of the histogram of log engagement rates (its number), for the median.
 * `sumLog` and `sumLogSq` are the sum and sum of squares of the posts' log engagement rates.
 */
export const RESULT_TOTAL_SCOPES = ['account', 'cell', 'week', 'campaign', 'bin'] as const;
export type ResultTotalScope = (typeof RESULT_TOTAL_SCOPES)[number];

export const resultTotalEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'resultTotal', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          platform: { type: PLATFORM_IDS, required: true, readOnly: true },
          scope: { type: RESULT_TOTAL_SCOPES, required: true, readOnly: true },
          key: { type: 'string', required: true, readOnly: true },
          posts: { type: 'number', required: true, default: 0 },
          impressions: { type: 'number', required: true, default: 0 },
          engagements: { type: 'number', required: true, default: 0 },
          sumLog: { type: 'number', required: true, default: 0 },
          sumLogSq: { type: 'number', required: true, default: 0 },
          /** The earliest publishing time counted (the section's period starts there). */
          firstPublishedAt: { type: 'string' },
        },
        indexes: {
          byCompany: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['platform', 'scope', 'key'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ResultTotalRecord = EntityItem<ReturnType<typeof resultTotalEntity>>;
