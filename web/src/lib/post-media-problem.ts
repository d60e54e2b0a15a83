import type { MediaAsset } from '#shared/contract/media';
import { mediaPublishProblem } from '#shared/domain/platform-media';
import { isConnectable, type PlatformId } from '#shared/domain/tiers';

/**
 * Why a post's chosen media cannot be published on its platform (Instagram: no image), in the
 * owner's words, or null: the review says it before approval, by the same rule the server holds
 * an approval to.
 */
export const postMediaProblem = (
  platform: PlatformId,
  assets: readonly Pick<MediaAsset, 'type'>[],
): string | null =>
  isConnectable(platform)
    ? mediaPublishProblem(
        platform,
        assets.map((asset) => ({ kind: asset.type })),
      )
    : null;
