import { Entity, type EntityItem } from 'electrodb';
import { MORNING_SKIPS } from '#shared/domain/content';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * How a company's last morning went (the daily drafts and their text): one item in the company's
 * item collection (gone with the company), written over by the daily-drafts job each morning it
 * drafts, read by the company overview in its one batch read.
 */
export const morningReportEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'morningReport', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          /** The company's local day of that morning (`yyyy-MM-dd`). */
          day: { type: 'string', required: true },
          drafts: { type: 'number', required: true },
          /** Why the drafts did not reach the owner; absent when nothing was skipped. */
          skipped: { type: MORNING_SKIPS },
          /** When the next morning comes (UTC ISO): when skipped drafts resume. */
          nextMorningAt: { type: 'string', required: true },
          ranAt: { type: 'string', required: true },
        },
        indexes: {
          byCompany: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type MorningReportRecord = EntityItem<ReturnType<typeof morningReportEntity>>;
