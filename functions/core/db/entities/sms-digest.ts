import { Entity, type EntityItem } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * A text that listed drafts by number ("1 YES", "2 <changes>"): what each number stood for, so a
 * reply can be resolved to its post. Kept per owner, newest last (ids are UUIDv7): a reply acts
 * on the owner's newest digest. Expires after SMS_DIGEST_DAYS; a reply to an older text is
 * answered that it is too old.
 */
export const smsDigestEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'smsDigest', version: '1', service: 'sailpost' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          digestId: { type: 'string', required: true, readOnly: true },
          /** The number texted (E.164). */
          phone: { type: 'string', required: true, readOnly: true },
          items: {
            type: 'list',
            required: true,
            readOnly: true,
            items: {
              type: 'map',
              properties: {
                number: { type: 'number', required: true },
                companyId: { type: 'string', required: true },
                campaignId: { type: 'string', required: true },
                contentId: { type: 'string', required: true },
              },
            },
          },
          /** The code of the text's short review link (`/r/{code}`), when it has one. */
          linkCode: { type: 'string', readOnly: true },
          /** Set once the text has gone out. */
          sentAt: { type: 'string' },
          createdAt: { type: 'string', required: true, readOnly: true },
          expiresAt: { type: 'number', required: true, readOnly: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'] },
            sk: { field: 'sk', composite: ['digestId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type SmsDigestRecord = EntityItem<ReturnType<typeof smsDigestEntity>>;
