import { Entity, type EntityItem } from 'electrodb';
import { ROLES } from '#shared/domain/users';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/** An account. Email and phone are unique through claim items (unique-claim.ts). */
export const userEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'user', version: '1', service: 'sailpost' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          email: { type: 'string', required: true },
          /** NO_PASSWORD (core/auth/passwords) for an account that signs in with Google only. */
          passwordHash: { type: 'string', required: true },
          /** The address of the Google account linked to this one, as Google gave it when linked. */
          googleEmail: { type: 'string' },
          /** Its identity, `<issuer> <sub>` (the key of its unique claim), to unlink it by. */
          googleIdentity: { type: 'string' },
          firstName: { type: 'string', required: true },
          lastName: { type: 'string', required: true },
          phoneNumber: { type: 'string', required: true },
          phoneVerified: { type: 'boolean', required: true, default: false },
          /**
           * The owner replied STOP: no text goes to them until they reply START or verify their
           * phone again (absent: never opted out).
           */
          smsOptedOut: { type: 'boolean' },
          role: { type: ROLES, required: true },
          /** "Email me about forum replies" (absent: on, the default). */
          forumReplyEmails: { type: 'boolean' },
          completedTours: {
            type: 'list',
            items: { type: 'string' },
            required: true,
            default: () => [],
          },
          /** Raised when the password changes; tokens carrying an older version are refused. */
          tokenVersion: { type: 'number', required: true, default: 0 },
          ...timestampAttributes,
        },
        indexes: {
          byId: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type UserRecord = EntityItem<ReturnType<typeof userEntity>>;
