import { Entity } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * One item per unique value (an email address, a phone number) naming the user who holds it.
 * Created with a not-exists condition inside the same transaction as the user change, so two
 * accounts can never hold the same value, and a failed transaction leaves nothing behind.
 */
export const uniqueClaimEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'uniqueClaim', version: '1', service: 'sailpost' },
        attributes: {
          /** `google`: an identity at an OpenID provider, `<issuer> <sub>` (never its email). */
          kind: { type: ['email', 'phone', 'google'] as const, required: true },
          value: { type: 'string', required: true },
          userId: { type: 'string', required: true },
        },
        indexes: {
          byValue: {
            pk: { field: 'pk', composite: ['kind', 'value'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
