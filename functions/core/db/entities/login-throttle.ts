import { Entity } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/** Failed sign-ins for one email address inside the current window; expires with the window. */
export const loginThrottleEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'loginThrottle', version: '1', service: 'sailpost' },
        attributes: {
          email: { type: 'string', required: true },
          failures: { type: 'number', required: true, default: 0 },
          windowStartedAt: { type: 'number', required: true },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byEmail: {
            pk: { field: 'pk', composite: ['email'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
