/**
 * The platforms and the subscription tiers: one constant for the landing page, billing and
 * gating, so a name, a price or a limit changes in one place. Silver is $100 a month.
 */
export const TIER_IDS = ['intro', 'silver', 'gold', 'platinum'] as const;
export type TierId = (typeof TIER_IDS)[number];

export const PLATFORM_IDS = ['twitter', 'linkedin', 'facebook', 'instagram'] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** The platforms an owner can connect today. */
export const CONNECTABLE_PLATFORMS = [
  'twitter',
  'linkedin',
  'facebook',
  'instagram',
] as const satisfies readonly PlatformId[];
export type ConnectablePlatform = (typeof CONNECTABLE_PLATFORMS)[number];

/** A platform read from outside (a stored item, a query) is one an owner can connect today. */
export const isConnectable = (platform: string): platform is ConnectablePlatform =>
  (CONNECTABLE_PLATFORMS as readonly string[]).includes(platform);

/**
 * A layer's entry for every platform (its name, its text limits, its preview). A new platform is
 * a compile error in each such table until it has its entry, rather than a default branch.
 */
export type PlatformTable<T> = { readonly [P in PlatformId]: T };

/**
 * A layer that exists only for the platforms an owner can connect (their clients, their auth
 * starts, posting now): each of those has its entry and every other platform an explicit `null`,
 * "not yet". Making a platform connectable is then a compile error in each such table until its
 * `null` is replaced, and a platform that cannot be connected is never handed another's entry.
 */
export type ConnectableTable<T> = {
  readonly [P in PlatformId]: P extends ConnectablePlatform ? T : null;
};

interface PlatformInfo<P extends PlatformId> {
  id: P;
  /** As the app names it to owners: "X (Twitter)". */
  name: string;
  /** The platform's own name, as its pages and errors say it: "X". */
  shortName: string;
  /** The name it had before (the spec's "Content posted to Twitter!" uses it). */
  formerName?: string;
  /** Coming Soon on the cards and the pricing: exactly the platforms that cannot be connected. */
  comingSoon: P extends ConnectablePlatform ? false : true;
}

export const PLATFORMS: { readonly [P in PlatformId]: PlatformInfo<P> } = {
  twitter: {
    id: 'twitter',
    name: 'X (Twitter)',
    shortName: 'X',
    formerName: 'Twitter',
    comingSoon: false,
  },
  linkedin: { id: 'linkedin', name: 'LinkedIn', shortName: 'LinkedIn', comingSoon: false },
  facebook: { id: 'facebook', name: 'Facebook', shortName: 'Facebook', comingSoon: false },
  instagram: { id: 'instagram', name: 'Instagram', shortName: 'Instagram', comingSoon: false },
};

/** The platform's name as the owner reads it ("X (Twitter)", "LinkedIn"). */
export const platformName = (platform: PlatformId): string => PLATFORMS[platform].name;

/**
 * The name of a platform given as text from outside (a query parameter), whatever its case;
 * text that names no platform is kept as it is.
 */
export const platformNameOf = (text: string): string => {
  const id = text.toLowerCase();
  return (PLATFORM_IDS as readonly string[]).includes(id) ? platformName(id as PlatformId) : text;
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
