import { CONTENT_MESSAGES, contentImageLimit } from '#shared/domain/content';
import {
  mediaPublishProblem,
  PLATFORM_MEDIA,
  type MediaShape,
} from '#shared/domain/platform-media';
import { PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import { mediaAssetEntity, type MediaAssetRecord } from '../core/db/entities/media-asset';
import { readImageHeader } from '../core/media/image-header';
import { readMediaObjectStart } from '../core/storage/media-bucket';
import { Conflict, Invalid } from '../core/errors';

/** Enough of an image's start to find its size in the header (a JPEG's EXIF comes first). */
const HEADER_BYTES = 256 * 1024;

/**
 * Refuses approving a post its platform could not publish as it is — none on Instagram, or an
 * image of a shape it does not take — so the owner hears it now, with words, rather than at
 * publishing time. Only platforms with such rules read anything (the images' headers).
 */
export const checkPublishableMedia = async (post: {
  companyId: string;
  campaignId: string;
  platform: PlatformId;
  imageIds: readonly string[];
}): Promise<void> => {
  const rules = PLATFORM_MEDIA[post.platform];
  if (!rules.mediaRequired && !rules.imageAspect) return;
  const shapes = await Promise.all(
    post.imageIds.map(async (mediaId): Promise<MediaShape> => {
      const { data: asset } = await mediaAssetEntity()
        .get({ companyId: post.companyId, campaignId: post.campaignId, mediaId })
        .go({ consistent: true });
      if (!asset || asset.type === 'video') return { kind: 'video' };
      // A file not there (yet) has no shape to refuse; publishing checks it again.
      const header = await readMediaObjectStart(asset.key, HEADER_BYTES).then(
        (bytes) => readImageHeader(bytes),
        () => null,
      );
      return header
        ? { kind: 'image', width: header.width, height: header.height }
        : { kind: 'image' };
    }),
  );
  const problem = mediaPublishProblem(post.platform, shapes);
  if (problem) throw new Conflict('CONTENT_MEDIA_UNSUITABLE', problem);
};

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
