import { Entity } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/** Named counters (accounts, an owner's companies) changed only by conditional or atomic updates. */
export const counterEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'counter', version: '1', service: 'sailpost' },
        attributes: {
          name: { type: 'string', required: true },
          total: { type: 'number', required: true, default: 0 },
        },
        indexes: {
          byName: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } },
        },
      },
      { table: tableName(), client: db() },
    ),
);

/**
 * The number of accounts made before accounts were counted on shards; no longer written (see
 * functions/domain/accounts/user-count.ts).
 */
export const USERS_COUNTER = 'users';
