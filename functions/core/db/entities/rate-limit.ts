import { Entity } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * One counter of a rate limit (`rule`) for one subject (an account, a client address, a phone
 * number): how many times it was used in the window that ends at `resetAt`. Changed only by
 * conditional updates (functions/core/limits/rate-limit.ts); the TTL removes it after the window.
 */
export const rateLimitEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'rateLimit', version: '1', service: 'sailpost' },
        attributes: {
          rule: { type: 'string', required: true },
          subject: { type: 'string', required: true },
          count: { type: 'number', required: true, default: 0 },
          /** Epoch seconds when the window ends and the count starts again. */
          resetAt: { type: 'number', required: true },
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
