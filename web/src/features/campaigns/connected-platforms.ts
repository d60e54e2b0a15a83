import type { PlatformCredential } from '#shared/contract/platforms';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { usePlatformCredentials } from '#web/lib/api/list-platform-credentials';
import type { ConnectedPlatform } from './components/platforms-field';

/** The company's connected platforms, each once, in the app's order, and whether one needs reconnecting. */
export const connectedPlatformsOf = (
  credentials: readonly PlatformCredential[],
): ConnectedPlatform[] =>
  PLATFORM_IDS.flatMap((platform) => {
    const accounts = credentials.filter(
      (credential) => credential.metadata.connected && credential.platform === platform,
    );
    if (accounts.length === 0) return [];
    return [{ platform, needsReconnection: accounts.some((account) => account.needsReconnection) }];
  });

export const LOAD_CONNECTED_PLATFORMS_FAILED = 'Failed to load connected platforms';

/**
 * The connected platforms the campaign form offers: undefined while they load, [] after a
 * failure (toasted as 'Failed to load connected platforms').
 */
export const useConnectedPlatforms = (companyId: string | undefined) => {
  const { credentials, isLoading, failed, retry } = usePlatformCredentials(companyId, {
    failureToast: LOAD_CONNECTED_PLATFORMS_FAILED,
  });
  return {
    connected: isLoading || !companyId ? undefined : connectedPlatformsOf(credentials),
    failed,
    retry,
  };
};
