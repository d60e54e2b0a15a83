import { Entity } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * An outstanding password reset. Keyed by the SHA-256 of the emailed token (the token itself is
 * never stored); deleted when used, and TTL removes expired ones.
 */
export const passwordResetEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'passwordReset', version: '1', service: 'sailpost' },
        attributes: {
          tokenHash: { type: 'string', required: true },
          userId: { type: 'string', required: true },
          createdAt: { type: 'string', required: true },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byTokenHash: {
            pk: { field: 'pk', composite: ['tokenHash'] },
            sk: { field: 'sk', composite: [] },
          },
          byUser: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['userId'] },
            sk: { field: 'gsi1sk', composite: ['createdAt'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
