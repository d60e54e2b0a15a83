import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * The morning roster: one small item per live company, in the partition of its time zone and
 * morning hour (`timeZone`, `morningHour`), sort key the company. The hourly daily-drafts job
 * reads only the partitions whose local hour has just come, so it finds the companies due for
 * their morning without a scan and without an index (the company item's gsi1 and gsi2 are taken).
 *
 * Written with the company (created, or its zone or hour changed: the old item deleted and the
 * new one put in the same transaction as the company write) and deleted with it (the deletion's
 * transaction; the clean-up deletes it again in case). Not in the company's item collection: its
 * partition is shared by every company of the zone and hour.
 */
export const morningRosterEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'morningRoster', version: '1', service: 'sailpost' },
        attributes: {
          timeZone: { type: 'string', required: true, readOnly: true },
          morningHour: { type: 'number', required: true, readOnly: true },
          companyId: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byZoneHour: {
            // Zone names are compared exactly (ElectroDB lower-cases key values by default).
            pk: { field: 'pk', composite: ['timeZone', 'morningHour'], casing: 'none' },
            sk: { field: 'sk', composite: ['companyId'], casing: 'none' },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type MorningRosterRecord = EntityItem<ReturnType<typeof morningRosterEntity>>;

/**
 * The zones the roster has ever used, in one item (a string set, at most the few hundred IANA
 * zones): the hourly job reads it once and queries one roster partition per zone. A zone is
 * added before a company's roster item is written in it and never removed (an unused zone costs
 * one empty query an hour).
 */
export const morningZonesEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'morningZones', version: '1', service: 'sailpost' },
        attributes: {
          registry: {
            type: ['zones'] as const,
            required: true,
            default: 'zones',
            readOnly: true,
          },
          zones: { type: 'set', items: 'string' },
        },
        indexes: {
          byName: {
            pk: { field: 'pk', composite: ['registry'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
