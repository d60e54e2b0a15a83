import type { Logger } from '@aws-lambda-powertools/logger';
import { isConnectable } from '#shared/domain/tiers';
import type { PlatformCredentialRecord } from '../core/db/entities/platform-credential';
import { socialClient } from '../integrations/social/provider';
import { ProviderAuthRevoked } from '../integrations/social/provider-errors';
import type { SocialClient } from '../integrations/social/social-client';
import { listCredentials, readTokens } from './credentials';

/**
 * Revokes a credential's grant at the provider where it allows (X), best effort: the owner asked
 * to be disconnected, and a provider that does not answer must not keep them connected here.
 */
export const revokeQuietly = async (
  clientOf: () => Promise<SocialClient>,
  credential: Parameters<typeof readTokens>[0],
  logger: Logger,
): Promise<void> => {
  try {
    const tokens = await readTokens(credential);
    if (tokens.accessToken) await (await clientOf()).revoke(tokens);
  } catch (error) {
    // A revoked grant is what we wanted; anything else is logged and let go.
    if (!(error instanceof ProviderAuthRevoked)) {
      logger.warn('Could not revoke the token at the provider', {
        platform: credential.platform,
        error: error instanceof Error ? error.name : String(error),
      });
    }
  }
};

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
