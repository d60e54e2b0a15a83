import { Entity, type EntityItem } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * The pointer from a generation's id to where it is: `/ai/generations/{id}` names no company, and
 * a GSI keyed by generation id would be read eventually consistent (a generation just started
 * could answer 404 to the first poll). Written in the same transaction as the generation, with the
 * same expiry. It lives in its own partition, outside the company's item collection, so the
 * company's clean-up removes the pointers of the company's generations explicitly
 * (functions/ai/generation-removal.ts); the TTL would remove them anyway.
 */
export const generationRefEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'generationRef', version: '1', service: 'sailpost' },
        attributes: {
          generationId: { type: 'string', required: true, readOnly: true },
          companyId: { type: 'string', required: true, readOnly: true },
          historyId: { type: 'string', required: true, readOnly: true },
          version: { type: 'number', required: true, readOnly: true },
          expiresAt: { type: 'number', required: true, readOnly: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byGeneration: {
            pk: { field: 'pk', composite: ['generationId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type GenerationRefRecord = EntityItem<ReturnType<typeof generationRefEntity>>;
