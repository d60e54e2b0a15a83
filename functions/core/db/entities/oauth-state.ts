import { Entity, type EntityItem } from 'electrodb';
import { CONNECTABLE_PLATFORMS } from '#shared/domain/tiers';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * An OAuth connection under way: what the provider's `state` stands for. Keyed by the SHA-256 of
 * the state (the state itself travels through the provider and the browser, and is never
 * stored); deleted by the one callback that claims it, and TTL removes abandoned ones.
 */
export const oauthStateEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'oauthState', version: '1', service: 'sailpost' },
        attributes: {
          stateHash: { type: 'string', required: true, readOnly: true },
          platform: { type: CONNECTABLE_PLATFORMS, required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          companyId: { type: 'string', required: true, readOnly: true },
          /** The PKCE verifier, encrypted like the tokens (it stays on the server). */
          codeVerifier: { type: 'string', required: true, readOnly: true },
          /** SHA-256 of the nonce in the browser's cookie: the state only works in that browser. */
          browserHash: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          /** Epoch seconds: the state's end, and DynamoDB's TTL (which may lag: checked on use). */
          expiresAt: { type: 'number', required: true, readOnly: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byStateHash: {
            pk: { field: 'pk', composite: ['stateHash'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type OAuthStateRecord = EntityItem<ReturnType<typeof oauthStateEntity>>;
