import { CONTENT_MESSAGES, contentImageLimit } from '#shared/domain/content';
import { PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import { mediaAssetEntity, type MediaAssetRecord } from '../core/db/entities/media-asset';
import { Invalid } from '../core/errors';

/** The campaign's media meant for a platform, oldest first (one query: at most 5 assets). */
export const campaignMediaFor = async (
  companyId: string,
  campaignId: string,
  platform: PlatformId,
): Promise<MediaAssetRecord[]> => {
  const { data } = await mediaAssetEntity()
    .query.byCampaign({ companyId, campaignId })
    .go({ pages: 'all', consistent: true });
  return data.filter((asset) => asset.platforms.includes(platform));
};

const imagesText = (count: number) => (count === 1 ? 'one image' : `${count} images`);

/**
 * The images chosen for a post, checked: each an image of the post's campaign meant for its
 * platform, and no more than the platform takes. Anything else is refused as a whole.
 */
export const checkPostImages = async (
  post: { companyId: string; campaignId: string; platform: PlatformId },
  imageIds: readonly string[],
): Promise<string[]> => {
  const limit = contentImageLimit(post.platform);
  if (imageIds.length > limit) {
    const message = `A ${PLATFORMS[post.platform].name} post can have ${limit === 1 ? 'only ' : 'at most '}${imagesText(limit)}`;
    // Named as the body's field too, so that the screen shows it at the images, not in a toast.
    throw new Invalid('CONTENT_IMAGES_NOT_ALLOWED', message, { imageIds: message });
  }
  if (imageIds.length === 0) return [];
  const images = new Set(
    (await campaignMediaFor(post.companyId, post.campaignId, post.platform))
      .filter((asset) => asset.type === 'image')
      .map((asset) => asset.mediaId),
  );
  if (imageIds.some((id) => !images.has(id))) {
    throw new Invalid('CONTENT_IMAGES_NOT_ALLOWED', CONTENT_MESSAGES.imageNotAllowed, {
      imageIds: CONTENT_MESSAGES.imageNotAllowed,
    });
  }
  return [...imageIds];
};
