import type { Logger } from '@aws-lambda-powertools/logger';
import { CONNECTABLE_PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import type { PlatformCredentialRecord } from '../core/db/entities/platform-credential';
import { socialClient } from '../integrations/social/provider';
import { revokeQuietly } from './connections';
import { listCredentials } from './credentials';

const isConnectable = (platform: string): platform is ConnectablePlatform =>
  (CONNECTABLE_PLATFORMS as readonly string[]).includes(platform);

/**
 * Revokes the credential's grant at its provider where the provider allows it, before its tokens
 * are forgotten. Best effort: a provider that fails is logged and let go.
 */
export const revokeGrant = async (
  credential: PlatformCredentialRecord,
  logger: Logger,
): Promise<void> => {
  const { platform } = credential;
  if (isConnectable(platform))
    await revokeQuietly(() => socialClient(platform), credential, logger);
};

/**
 * A deleted company's connected accounts: every grant revoked (revokeGrant), so that forgetting
 * the tokens also ends what they allowed. Answers how many credentials there were.
 */
export const revokeCompanyGrants = async (companyId: string, logger: Logger): Promise<number> => {
  const credentials = await listCredentials(companyId);
  await Promise.all(credentials.map((credential) => revokeGrant(credential, logger)));
  return credentials.length;
};
