import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/**
 * A forum category. All categories share one partition keyed by their slug: the slug is unique
 * because the item is created only where none exists (two creates of one slug at once: exactly
 * one wins), and the home page reads every category in one query (there are at most
 * FORUM_CATEGORIES_MAX). `forumCategoryRef` finds one by its id.
 */
export const forumCategoryEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'forumCategory', version: '1', service: 'sailpost' },
        attributes: {
          /** The one partition every category is in. */
          board: { type: ['forum'] as const, required: true, readOnly: true, default: 'forum' },
          slug: { type: 'string', required: true, readOnly: true },
          categoryId: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true },
          description: { type: 'string', required: true },
          order: { type: 'number', required: true },
          /** Threads in it that members see (hidden ones are not counted). */
          threads: { type: 'number', required: true, default: 0 },
          /** When a thread of it was last started or replied to (ISO). */
          lastActivityAt: { type: 'string' },
          createdBy: { type: 'string', required: true, readOnly: true },
          ...timestampAttributes,
        },
        indexes: {
          bySlug: {
            pk: { field: 'pk', composite: ['board'] },
            sk: { field: 'sk', composite: ['slug'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ForumCategoryRecord = EntityItem<ReturnType<typeof forumCategoryEntity>>;

/** A category's id → its slug (threads name their category by id), written with the category. */
export const forumCategoryRefEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'forumCategoryRef', version: '1', service: 'sailpost' },
        attributes: {
          categoryId: { type: 'string', required: true, readOnly: true },
          slug: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['categoryId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
