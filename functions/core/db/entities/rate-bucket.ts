import { Entity } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * One refilling allowance (`rule`) for one subject, kept as the one instant that says how full it
 * is: `fullAt`, when it has refilled completely. Changed only by conditional updates
 * (functions/core/limits/rate-limit.ts); the TTL removes it once it has long been full.
 */
export const rateBucketEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'rateBucket', version: '1', service: 'sailpost' },
        attributes: {
          rule: { type: 'string', required: true },
          subject: { type: 'string', required: true },
          /** Epoch milliseconds when every use has refilled. */
          fullAt: { type: 'number', required: true },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byRuleAndSubject: {
            pk: { field: 'pk', composite: ['rule', 'subject'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
