/**
 * Subscription tiers: one constant for the landing page, billing and gating, so a price or a
 * limit changes in one place. Silver is $100 a month.
 */
export const TIER_IDS = ['intro', 'silver', 'gold', 'platinum'] as const;
export type TierId = (typeof TIER_IDS)[number];

export const PLATFORM_IDS = ['twitter', 'linkedin', 'facebook', 'instagram'] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** The platforms an owner can connect today (facebook and instagram are Coming Soon). */
export const CONNECTABLE_PLATFORMS = [
  'twitter',
  'linkedin',
] as const satisfies readonly PlatformId[];
export type ConnectablePlatform = (typeof CONNECTABLE_PLATFORMS)[number];

interface PlatformInfo {
  id: PlatformId;
  name: string;
  /** facebook and instagram cannot be connected yet. */
  comingSoon: boolean;
}

export const PLATFORMS: Record<PlatformId, PlatformInfo> = {
  twitter: { id: 'twitter', name: 'X (Twitter)', comingSoon: false },
  linkedin: { id: 'linkedin', name: 'LinkedIn', comingSoon: false },
  facebook: { id: 'facebook', name: 'Facebook', comingSoon: true },
  instagram: { id: 'instagram', name: 'Instagram', comingSoon: true },
};

interface TierPlan {
  id: TierId;
  name: string;
  allowedPlatforms: readonly PlatformId[];
  dailyGenerationLimit: number;
  monthlyPrice: number;
}

export const TIERS: Record<TierId, TierPlan> = {
  intro: {
    id: 'intro',
    name: 'Intro',
    allowedPlatforms: ['twitter'],
    dailyGenerationLimit: 1,
    monthlyPrice: 30,
  },
  silver: {
    id: 'silver',
    name: 'Silver',
    allowedPlatforms: ['twitter', 'facebook'],
    dailyGenerationLimit: 3,
    monthlyPrice: 100,
  },
  gold: {
    id: 'gold',
    name: 'Gold',
    allowedPlatforms: ['twitter', 'facebook', 'linkedin'],
    dailyGenerationLimit: 5,
    monthlyPrice: 150,
  },
  platinum: {
    id: 'platinum',
    name: 'Platinum',
    allowedPlatforms: ['twitter', 'facebook', 'linkedin', 'instagram'],
    dailyGenerationLimit: 10,
    monthlyPrice: 300,
  },
};

export const TIER_LIST: readonly TierPlan[] = TIER_IDS.map((id) => TIERS[id]);
