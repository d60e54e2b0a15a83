import { Entity, type EntityItem } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * Results collection's own state. `collectionPause`: until when reading a platform's results
 * waits (`scope` is the platform after a 402, the credits being the whole app's; or
 * `{platform}#{companyId}` after a 429 on one company's connection). Publishing never reads it.
 */
export const collectionPauseEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'collectionPause', version: '1', service: 'sailpost' },
        attributes: {
          scope: { type: 'string', required: true, readOnly: true },
          until: { type: 'string', required: true },
          reason: { type: ['credits', 'rate-limit', 'monthly-cap'] as const, required: true },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byScope: {
            pk: { field: 'pk', composite: ['scope'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type CollectionPauseRecord = EntityItem<ReturnType<typeof collectionPauseEntity>>;

/**
 * The post reads a company has spent on a platform in a calendar month (UTC), counted before
 * each request by a conditional addition, so no two runs can pass the monthly cap together. In
 * the company's item collection; the TTL removes it a couple of months later.
 */
export const resultReadsEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'resultReads', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          platform: { type: 'string', required: true, readOnly: true },
          /** `yyyy-MM`. */
          month: { type: 'string', required: true, readOnly: true },
          reads: { type: 'number', required: true, default: 0 },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byCompanyMonth: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['platform', 'month'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
