import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../core/db/client';
import { mediaAssetEntity } from '../core/db/entities/media-asset';
import { Unavailable } from '../core/errors';
import { deleteMediaObjectsUnder } from '../core/storage/media-bucket';
import { campaignMediaPrefix, companyMediaPrefix } from '../core/storage/media-keys';

const BATCH_SIZE = 25;
const MAX_BATCH_TRIES = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes a campaign's media: every object under the campaign's prefix in the bucket (uploads
 * never confirmed too), then its media-asset items. Safe to run twice (the campaign-cleanup job
 * may be delivered again): a second run finds nothing.
 */
export const removeCampaignMedia = async (
  companyId: string,
  campaignId: string,
): Promise<{ objects: number; assets: number }> => {
  const objects = await deleteMediaObjectsUnder(campaignMediaPrefix(companyId, campaignId));
  const { data } = await mediaAssetEntity()
    .query.byCampaign({ companyId, campaignId })
    .go({ pages: 'all', consistent: true, attributes: ['companyId', 'campaignId', 'mediaId'] });
  const keys = data.map(
    (asset) => mediaAssetEntity().delete(asset).params<{ Key: Record<string, string> }>().Key,
  );
  for (let start = 0; start < keys.length; start += BATCH_SIZE) {
    let requests = keys.slice(start, start + BATCH_SIZE).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 1; requests.length; attempt++) {
      if (attempt > MAX_BATCH_TRIES) {
        throw new Unavailable('SERVICE_UNAVAILABLE', 'DynamoDB kept media items unprocessed');
      }
      if (attempt > 1) await sleep(Math.min(50 * 2 ** attempt, 5000));
      const { UnprocessedItems } = await db().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
      );
      requests = (UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
  return { objects, assets: keys.length };
};

/**
 * A deleted company's media files: everything under its prefix (every campaign's). Its
 * media-asset items are in the company's item collection and go with it.
 */
export const removeCompanyMediaObjects = (companyId: string): Promise<number> =>
  deleteMediaObjectsUnder(companyMediaPrefix(companyId));
