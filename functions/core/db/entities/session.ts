import { Entity, type EntityItem } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * One signed-in device. Kept under its user's partition so that "sign out everywhere" finds every
 * session with one query. Only SHA-256 hashes of refresh tokens are stored; the current one and the
 * one it replaced (for the short grace in which a second tab may still present it). TTL removes a
 * session when it expires.
 */
export const sessionEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'session', version: '1', service: 'sailpost' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          sessionId: { type: 'string', required: true, readOnly: true },
          refreshHash: { type: 'string', required: true },
          previousRefreshHash: { type: 'string' },
          /** Epoch milliseconds of the last rotation: the previous hash is accepted shortly after. */
          rotatedAt: { type: 'number' },
          /** The user's token version at sign-in; a password change or sign-out-everywhere ends it. */
          tokenVersion: { type: 'number', required: true },
          /** "Remember me": the refresh cookie outlives the browser session. */
          persistent: { type: 'boolean', required: true },
          /** How the user signed in to begin it; sessions begun before it was kept have none. */
          method: { type: ['password', 'google'] as const, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          expiresAt: { type: 'number', required: true, readOnly: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'] },
            sk: { field: 'sk', composite: ['sessionId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type SessionRecord = EntityItem<ReturnType<typeof sessionEntity>>;
