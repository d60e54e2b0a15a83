import type { PlatformCredential } from '#shared/contract/platforms';
import {
  isConnectable,
  TIER_LIST,
  TIERS,
  type ConnectablePlatform,
  type PlatformId,
  type TierId,
} from '#shared/domain/tiers';

/**
 * What a platform's card offers, decided once from the company's tier and its credentials:
 *
 * - connected: a credential for the platform says it is connected (it may need reconnecting, and
 *   a downgraded plan may no longer include it);
 * - coming-soon: a platform that cannot be connected yet, whatever the tier (none today);
 * - upgrade: outside the company's tier;
 * - connect: in the tier and not connected.
 */
export type PlatformCardState =
  | {
      kind: 'connected';
      platform: ConnectablePlatform;
      credential: PlatformCredential;
      needsReconnection: boolean;
      inTier: boolean;
    }
  | { kind: 'connect'; platform: ConnectablePlatform }
  | { kind: 'coming-soon'; platform: PlatformId }
  | { kind: 'upgrade'; platform: PlatformId; lowestTierName: string };

/** The credential that connects `platform`, if any (platform names compare case-insensitively). */
export const credentialFor = (
  credentials: readonly PlatformCredential[],
  platform: PlatformId,
): PlatformCredential | undefined =>
  credentials.find(
    (credential) =>
      credential.platform.toLowerCase() === platform && credential.metadata.connected !== false,
  );

/** The cheapest plan that includes the platform ('Gold' for LinkedIn). */
const lowestTierWith = (platform: PlatformId): string =>
  TIER_LIST.find((tier) => tier.allowedPlatforms.includes(platform))?.name ?? 'a higher';

export const platformCardState = (
  platform: PlatformId,
  tier: TierId,
  credentials: readonly PlatformCredential[],
): PlatformCardState => {
  const inTier = TIERS[tier].allowedPlatforms.includes(platform);
  const credential = credentialFor(credentials, platform);
  if (credential && isConnectable(platform)) {
    return {
      kind: 'connected',
      platform,
      credential,
      needsReconnection: credential.needsReconnection,
      inTier,
    };
  }
  if (!isConnectable(platform)) return { kind: 'coming-soon', platform };
  if (!inTier) return { kind: 'upgrade', platform, lowestTierName: lowestTierWith(platform) };
  return { kind: 'connect', platform };
};
