import { Entity, type EntityItem } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * The single-use values of a sign-in through an identity provider, keyed by their SHA-256 (the
 * values themselves travel through the browser and are never stored):
 *
 * - `spent-state`: a state that reached the callback once; written with a not-exists condition,
 *   so the same state (and its cookie) is refused the second time.
 * - `code`: the code the callback hands the web app for the session it began, deleted by the one
 *   exchange that claims it.
 *
 * TTL removes both once they are past their use (it may lag: the time is checked on use).
 */
export const signInHandoffEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'signInHandoff', version: '1', service: 'sailpost' },
        attributes: {
          kind: { type: ['spent-state', 'code'] as const, required: true, readOnly: true },
          valueHash: { type: 'string', required: true, readOnly: true },
          /** A code's account and the session the callback began. */
          userId: { type: 'string', readOnly: true },
          sessionId: { type: 'string', readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          /** Epoch seconds: its end, and DynamoDB's TTL. */
          expiresAt: { type: 'number', required: true, readOnly: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byValue: {
            pk: { field: 'pk', composite: ['kind', 'valueHash'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type SignInHandoffRecord = EntityItem<ReturnType<typeof signInHandoffEntity>>;
