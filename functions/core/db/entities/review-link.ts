import { Entity, type EntityItem } from 'electrodb';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/**
 * The short review link of a text (`/r/{code}`): what the code opens, for whom. Written with the
 * text's digest, in the same transaction, and kept as long (SMS_DIGEST_DAYS). In its own
 * partition, keyed by the code alone (the link names nothing else), so the company clean-up does
 * not reach it: a link whose company or campaign is gone answers as missing, and DynamoDB's TTL
 * removes it with its digest.
 */
export const reviewLinkEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'reviewLink', version: '1', service: 'sailpost' },
        attributes: {
          code: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          companyId: { type: 'string', required: true, readOnly: true },
          /** The posts' campaign; absent for a text that listed posts of several. */
          campaignId: { type: 'string', readOnly: true },
          /** The post the text was about; absent for a text that listed several. */
          contentId: { type: 'string', readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          expiresAt: { type: 'number', required: true, readOnly: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byCode: {
            // Codes are case-sensitive (ElectroDB lower-cases key values by default).
            pk: { field: 'pk', composite: ['code'], casing: 'none' },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ReviewLinkRecord = EntityItem<ReturnType<typeof reviewLinkEntity>>;
