import { Entity } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * A company's counting day of one daily allowance (`counter`: generated posts, AI campaign runs,
 * image descriptions): how many uses it holds and when it ends. One item per company and counter,
 * holding only the day in progress: the day keeps the end it was opened with (the next midnight
 * in the zone it was opened in), so changing the company's time zone cannot start a fresh day
 * early (functions/domain/plans/daily-counter.ts). Changed only by conditional updates. In the
 * company's item collection, so a deleted company's clean-up removes it; the TTL removes it a
 * couple of days after its day anyway.
 */
export const dailyCountEntity = lazy(
  () =>
    new Entity(
      {
        // Version 2: one item per counter, no longer one per calendar day.
        model: { entity: 'dailyCount', version: '2', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          counter: { type: 'string', required: true, readOnly: true },
          used: { type: 'number', required: true, default: 0 },
          /** Epoch seconds when the counting day ends: a local midnight of `timeZone`. */
          resetAt: { type: 'number', required: true },
          /** The zone the counting day was opened in (its refusals name it). */
          timeZone: { type: 'string', required: true },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byCompanyCounter: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['counter'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
