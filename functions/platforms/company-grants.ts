import type { Logger } from '@aws-lambda-powertools/logger';
import { CONNECTABLE_PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { socialClient } from '../integrations/social/provider';
import { revokeQuietly } from './connections';
import { listCredentials } from './credentials';

const isConnectable = (platform: string): platform is ConnectablePlatform =>
  (CONNECTABLE_PLATFORMS as readonly string[]).includes(platform);

/**
 * A deleted company's connected accounts: each grant is revoked at its provider where the provider
 * allows it, so that forgetting the tokens also ends what they allowed. Best effort: a provider
 * that fails is logged and let go (the tokens are deleted either way). Answers how many it tried.
 */
export const revokeCompanyGrants = async (companyId: string, logger: Logger): Promise<number> => {
  const connected = (await listCredentials(companyId)).flatMap((credential) => {
    const { platform } = credential;
    return isConnectable(platform) ? [{ credential, platform }] : [];
  });
  await Promise.all(
    connected.map(({ credential, platform }) =>
      revokeQuietly(() => socialClient(platform), credential, logger),
    ),
  );
  return connected.length;
};
