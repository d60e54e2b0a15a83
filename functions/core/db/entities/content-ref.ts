import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * Which campaign of the company holds a post: the company-wide routes name a post by its id
 * alone, and the post's own key starts with its campaign. Written in the same transaction as the
 * draft (post-lifecycle.ts) and never changed, since a post stays in its campaign; in the
 * company's item collection, so the company's clean-up takes it, and removed with the campaign's
 * posts by the campaign's clean-up. Read strongly consistent, so a post just written is found.
 */
export const contentRefEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'contentRef', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          contentId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byPost: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['contentId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ContentRefRecord = EntityItem<ReturnType<typeof contentRefEntity>>;
