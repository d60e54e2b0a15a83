import { Entity, type EntityItem } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * A Meta consent waiting for the owner to choose the Page (Facebook: the Page the company posts
 * as; Instagram: the Page whose linked account it posts as). Holds the long-lived user token,
 * encrypted like the credentials' tokens, from which the Pages and their tokens are read again
 * when listed and chosen; never the Page tokens themselves. One per company and platform (a new
 * consent replaces it); used once by the choice, and TTL removes an abandoned one.
 */
export const pageChoiceEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'pageChoice', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          platform: { type: ['facebook', 'instagram'] as const, required: true, readOnly: true },
          /** Who consented: only they may choose. */
          userId: { type: 'string', required: true },
          /** Ciphertext (`v1.…`) of the long-lived user token. */
          userAccessToken: { type: 'string', required: true },
          /** When the user token itself ends (ISO), when Meta says. */
          userTokenExpiresAt: { type: 'string' },
          scopes: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
          createdAt: { type: 'string', required: true },
          /** Epoch seconds: the choice's end, and DynamoDB's TTL (which may lag: checked on use). */
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byCompanyPlatform: {
            pk: { field: 'pk', composite: ['companyId', 'platform'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type PageChoiceRecord = EntityItem<ReturnType<typeof pageChoiceEntity>>;
