import { PLATFORMS, type PlatformId } from '#shared/domain/tiers';

/** The platform's name as the owner reads it ("X (Twitter)", "LinkedIn"). */
export const platformName = (platform: PlatformId): string => PLATFORMS[platform].name;
