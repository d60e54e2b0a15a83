import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * One item per founder seat taken (seats 1 to FOUNDER_ACCOUNT_CAP), naming the account that holds
 * it. Created with a not-exists condition in the same transaction as the account, so a seat has
 * one holder and a sign-up that fails holds none. All seats share one small partition: a single
 * query tells which are left, and each item is written once, ever.
 */
export const founderSeatEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'founderSeat', version: '1', service: 'sailpost' },
        attributes: {
          programme: {
            type: ['founders'] as const,
            required: true,
            default: 'founders',
            readOnly: true,
          },
          seat: { type: 'number', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          bySeat: {
            pk: { field: 'pk', composite: ['programme'] },
            sk: { field: 'sk', composite: ['seat'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type FounderSeatRecord = EntityItem<ReturnType<typeof founderSeatEntity>>;
