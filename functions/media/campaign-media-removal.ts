import { deleteItemKeys } from '../core/db/batch-delete';
import { mediaAssetEntity } from '../core/db/entities/media-asset';
import { deleteMediaObjectsUnder } from '../core/storage/media-bucket';
import {
  campaignMediaPrefix,
  campaignUploadPrefix,
  companyMediaPrefix,
  companyUploadPrefix,
} from '../core/storage/media-keys';

/**
 * Removes a deleted campaign's media: every object under the campaign's prefix in the bucket (its
 * assets' files) and under its upload prefix (uploads never confirmed), then its media-asset
 * items. Safe to run twice (the campaign-cleanup job may be delivered again): a second run finds
 * nothing. Only for a campaign that is gone: the job checks that once, before any of its steps
 * (assertCampaignDeleted).
 */
export const removeCampaignMedia = async (
  companyId: string,
  campaignId: string,
): Promise<{ objects: number; assets: number }> => {
  const objects =
    (await deleteMediaObjectsUnder(campaignMediaPrefix(companyId, campaignId))) +
    (await deleteMediaObjectsUnder(campaignUploadPrefix(companyId, campaignId)));
  const { data } = await mediaAssetEntity()
    .query.byCampaign({ companyId, campaignId })
    .go({ pages: 'all', consistent: true, attributes: ['companyId', 'campaignId', 'mediaId'] });
  const keys = data.map(
    (asset) => mediaAssetEntity().delete(asset).params<{ Key: Record<string, string> }>().Key,
  );
  await deleteItemKeys(keys);
  return { objects, assets: keys.length };
};

/**
 * Removes every media object of a deleted company: its campaigns' files and its pending uploads
 * (the company-cleanup job; the asset items go with the company's other items). Safe to run
 * twice. Returns how many objects it deleted.
 */
export const removeCompanyMediaObjects = async (companyId: string): Promise<number> =>
  (await deleteMediaObjectsUnder(companyMediaPrefix(companyId))) +
  (await deleteMediaObjectsUnder(companyUploadPrefix(companyId)));
