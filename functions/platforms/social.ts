import type { ConnectablePlatform } from '#shared/domain/tiers';
import { Unavailable } from '../core/errors';
import type { SocialClient } from '../integrations/social/social-client';

/**
 * The provider client of a platform. TEMPORARY until branch `social` delivers
 * functions/integrations/social/provider.ts: until then connecting and posting answer
 * PROVIDER_UNAVAILABLE.
 */
export const clientFor = async (platform: ConnectablePlatform): Promise<SocialClient> => {
  throw new Unavailable(
    'PROVIDER_UNAVAILABLE',
    `Connecting to ${platform} is not available yet. Please try again later.`,
  );
};
