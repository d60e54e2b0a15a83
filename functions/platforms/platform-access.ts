import { PLATFORMS, TIERS, type PlatformId, type TierId } from '#shared/domain/tiers';
import { LimitReached } from '../core/errors';

/** The platform's name as the owner reads it ("X (Twitter)", "LinkedIn"). */
export const platformName = (platform: PlatformId): string => PLATFORMS[platform].name;

/**
 * A company may connect and post to the platforms its tier includes (intro: X; gold adds
 * LinkedIn). Checked when connecting, again at the callback (the tier may have changed during
 * the consent), and on every post (a downgrade keeps the credential but stops its use).
 */
export const ensurePlatformInTier = (
  company: { subscriptionTier: TierId },
  platform: PlatformId,
): void => {
  const tier = TIERS[company.subscriptionTier];
  if (!tier.allowedPlatforms.includes(platform)) {
    throw new LimitReached(
      'PLATFORM_NOT_IN_TIER',
      `${platformName(platform)} is not included in the ${tier.name} plan. Upgrade to use it.`,
    );
  }
};
