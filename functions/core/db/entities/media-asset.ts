import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { CAMPAIGN_MEDIA_CONTENT_TYPES, MEDIA_TYPES, MEDIA_USAGES } from '#shared/domain/campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/**
 * An image or video of a campaign: what the owner said of it, and where its file is in the media
 * bucket (`key`, under `campaignMediaPrefix(companyId, campaignId)`, functions/core/storage/
 * media-keys.ts). In the company's item collection, sorted under its campaign (a campaign's media
 * is one query; ids are UUIDv7, so oldest first). The campaign's `mediaCount` moves with it.
 */
export const mediaAssetEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'mediaAsset', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          mediaId: { type: 'string', required: true, readOnly: true },
          /** The S3 object's key. */
          key: { type: 'string', required: true, readOnly: true },
          type: { type: MEDIA_TYPES, required: true, readOnly: true },
          contentType: { type: CAMPAIGN_MEDIA_CONTENT_TYPES, required: true, readOnly: true },
          size: { type: 'number', required: true, readOnly: true },
          fileName: { type: 'string', required: true },
          description: { type: 'string', required: true, default: '' },
          usage: { type: MEDIA_USAGES, required: true, default: 'primary' },
          platforms: {
            type: 'list',
            items: { type: CustomAttributeType<PlatformId>('string') },
            required: true,
            default: () => [],
          },
          /** A preview's key, when one is made. */
          thumbnailKey: { type: 'string' },
          ...timestampAttributes,
        },
        indexes: {
          byCampaign: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['campaignId', 'mediaId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type MediaAssetRecord = EntityItem<ReturnType<typeof mediaAssetEntity>>;
