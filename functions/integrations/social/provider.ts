import type { ConnectablePlatform, ConnectableTable } from '#shared/domain/tiers';
import { config } from '#functions/core/config';
import { lazyAsync } from '#functions/core/lazy';
import { readDeclaredSecret } from '#functions/core/secrets';
import { misconfigured } from './provider-failures';
import type { SocialClient } from './social-client';

/**
 * The X and LinkedIn clients, each made once per container on first use: the same code for the
 * real providers and the sandbox's stand-ins, which differ only in configuration (base URLs, and
 * the sandbox's own client ids and secrets when `.env` has none). A function that uses them
 * declares the secrets `xClientSecret` and `linkedInClientSecret`, which bring the client ids too.
 */

/**
 * Per request. An endpoint waits for several in a row (uploads, then the post) under API
 * Gateway's 30 s, so one silent provider must not use it all up.
 */
const REQUEST_TIMEOUT_MS = 8_000;

const xClient = lazyAsync(async (): Promise<SocialClient> => {
  const { X_CLIENT_ID, X_API_BASE_URL, X_AUTHORIZE_URL } = config();
  if (!X_CLIENT_ID) throw misconfigured('twitter', 'X_CLIENT_ID is not configured');
  const clientSecret = await readDeclaredSecret('xClientSecret');
  const { createXClient } = await import('./x-client');
  return createXClient({
    clientId: X_CLIENT_ID,
    clientSecret,
    apiBaseUrl: X_API_BASE_URL.replace(/\/+$/, ''),
    authorizeUrl: X_AUTHORIZE_URL,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
});

const linkedInClient = lazyAsync(async (): Promise<SocialClient> => {
  const { LINKEDIN_CLIENT_ID, LINKEDIN_API_BASE_URL, LINKEDIN_AUTH_BASE_URL, LINKEDIN_VERSION } =
    config();
  if (!LINKEDIN_CLIENT_ID) throw misconfigured('linkedin', 'LINKEDIN_CLIENT_ID is not configured');
  const clientSecret = await readDeclaredSecret('linkedInClientSecret');
  const { createLinkedInClient } = await import('./linkedin-client');
  return createLinkedInClient({
    clientId: LINKEDIN_CLIENT_ID,
    clientSecret,
    apiBaseUrl: LINKEDIN_API_BASE_URL.replace(/\/+$/, ''),
    authBaseUrl: LINKEDIN_AUTH_BASE_URL.replace(/\/+$/, ''),
    version: LINKEDIN_VERSION,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
});

/** Not yet built: the Graph API client follows the contract. */
const notYet = (platform: 'facebook' | 'instagram') => async (): Promise<SocialClient> => {
  throw misconfigured(platform, 'The Graph API client is not built yet');
};

/** Each platform's client. */
export const SOCIAL_CLIENTS: ConnectableTable<() => Promise<SocialClient>> = {
  twitter: xClient,
  linkedin: linkedInClient,
  facebook: notYet('facebook'),
  instagram: notYet('instagram'),
};

/** The client of one platform; throws `ProviderMisconfigured` when the platform is not set up. */
export const socialClient = async (platform: ConnectablePlatform): Promise<SocialClient> =>
  SOCIAL_CLIENTS[platform]();
