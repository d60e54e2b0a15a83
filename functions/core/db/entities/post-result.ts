import { Entity, type EntityItem } from 'electrodb';
import { RESULT_AGE_IDS } from '#shared/domain/post-results';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * A published post's latest results, kept beside the post for the Performance page: what it
 * counted toward (its week and weekday × part of the day, fixed at its first reading so a later
 * reading takes back exactly what the earlier one added), and two sparse lists of the company's
 * results: by engagements (gsi1: the top posts) and by when published (gsi2: the export). In the
 * company's item collection, so the company's clean-up removes it.
 */
export const postResultEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'postResult', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          contentId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          platform: { type: PLATFORM_IDS, required: true, readOnly: true },
          publishedAt: { type: 'string', required: true, readOnly: true },
          /** The post's opening words. */
          excerpt: { type: 'string', required: true },
          postUrl: { type: 'string' },
          impressions: { type: 'number', required: true },
          engagements: { type: 'number', required: true },
          collectedAt: { type: 'string', required: true },
          age: { type: RESULT_AGE_IDS, required: true },
          /** The Monday of its week (`yyyy-MM-dd`) and its cell (`tue#morning`), company's zone. */
          weekStart: { type: 'string', required: true, readOnly: true },
          cell: { type: 'string', required: true, readOnly: true },
          /** Its place among the company's top posts: engagements, zero-padded, then its id. */
          rank: { type: 'string', required: true },
        },
        indexes: {
          byCompany: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['contentId'] },
          },
          byEngagements: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['companyId'] },
            sk: { field: 'gsi1sk', composite: ['rank'] },
          },
          byPublished: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['companyId'] },
            sk: { field: 'gsi2sk', composite: ['publishedAt', 'contentId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type PostResultRecord = EntityItem<ReturnType<typeof postResultEntity>>;

/** Engagements as a sortable key part (more than any post will have). */
export const rankOf = (engagements: number, contentId: string): string =>
  `${String(Math.max(0, Math.round(engagements))).padStart(12, '0')}#${contentId}`;
