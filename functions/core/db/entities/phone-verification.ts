import { Entity } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/** The one outstanding phone verification code of a user (kept hashed), in the user's partition. */
export const phoneVerificationEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'phoneVerification', version: '1', service: 'sailpost' },
        attributes: {
          userId: { type: 'string', required: true },
          phoneNumber: { type: 'string', required: true },
          codeHash: { type: 'string', required: true },
          attempts: { type: 'number', required: true, default: 0 },
          /** Epoch milliseconds of the last text, for the resend interval. */
          sentAt: { type: 'number', required: true },
          expiresAt: { type: 'number', required: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
