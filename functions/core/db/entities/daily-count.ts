import { Entity } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * How many times a company used one daily allowance (`counter`: generated posts, AI campaign
 * runs, image descriptions) on one calendar day in the company's time zone (`day`, `yyyy-MM-dd`). Changed
 * only by conditional atomic updates (functions/core/limits/daily-counter.ts). In the company's
 * item collection, so a deleted company's clean-up removes it; the TTL removes it a couple of days
 * after its day anyway.
 */
export const dailyCountEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'dailyCount', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          counter: { type: 'string', required: true, readOnly: true },
          day: { type: 'string', required: true, readOnly: true },
          used: { type: 'number', required: true, default: 0 },
          /** Epoch seconds of the next local midnight, when the day's count no longer applies. */
          resetAt: { type: 'number', required: true },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byCompanyCounterDay: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['counter', 'day'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
