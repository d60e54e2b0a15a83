import type { ConnectablePlatform, ConnectableTable } from '#shared/domain/tiers';
import { config } from '#functions/core/config';
import { lazyAsync } from '#functions/core/lazy';
import { readDeclaredSecret } from '#functions/core/secrets';
import { misconfigured } from './provider-failures';
import type { PageGrantingClient, SocialClient } from './social-client';

/**
 * The X, LinkedIn and Meta clients, each made once per container on first use: the same code for
 * the real providers and the sandbox's stand-ins, which differ only in configuration (base URLs,
 * and the sandbox's own client ids and secrets when `.env` has none). A function that uses them
 * declares the secrets `xClientSecret`, `linkedInClientSecret` and `metaAppSecret`, which bring
 * the client ids too.
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
  const {
    LINKEDIN_CLIENT_ID,
    LINKEDIN_API_BASE_URL,
    LINKEDIN_AUTH_BASE_URL,
    LINKEDIN_VERSION,
    LINKEDIN_POST_ANALYTICS,
  } = config();
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
    postAnalytics: LINKEDIN_POST_ANALYTICS,
  });
});

/**
 * How often an Instagram container's status is read, and for how long, before the attempt is
 * given up with nothing published (the publisher tries again later). Meta suggests reading about
 * once a minute for videos; images finish in seconds. The wait stays well inside the publisher's
 * time-out and API Gateway's 30 s.
 */
const CONTAINER_POLL_MS = 1_000;
const CONTAINER_WAIT_MS = 15_000;

/** Facebook's or Instagram's client: one Meta app (binding `metaAppSecret`). */
const metaClient = (platform: 'facebook' | 'instagram') =>
  lazyAsync(async (): Promise<PageGrantingClient> => {
    const { META_APP_ID, META_GRAPH_BASE_URL, META_DIALOG_BASE_URL, META_LOGIN_CONFIG_ID } =
      config();
    if (!META_APP_ID) throw misconfigured(platform, 'META_APP_ID is not configured');
    const appSecret = await readDeclaredSecret('metaAppSecret');
    const { createMetaClient } = await import('./meta-client');
    return createMetaClient({
      platform,
      appId: META_APP_ID,
      appSecret,
      graphBaseUrl: META_GRAPH_BASE_URL.replace(/\/+$/, ''),
      dialogBaseUrl: META_DIALOG_BASE_URL.replace(/\/+$/, ''),
      ...(META_LOGIN_CONFIG_ID ? { loginConfigId: META_LOGIN_CONFIG_ID } : {}),
      timeoutMs: REQUEST_TIMEOUT_MS,
      pollIntervalMs: CONTAINER_POLL_MS,
      containerWaitMs: CONTAINER_WAIT_MS,
    });
  });

const facebookClient = metaClient('facebook');
const instagramClient = metaClient('instagram');

/** Each platform's client. */
export const SOCIAL_CLIENTS: ConnectableTable<() => Promise<SocialClient>> = {
  twitter: xClient,
  linkedin: linkedInClient,
  facebook: facebookClient,
  instagram: instagramClient,
};

/** The client of a platform whose consent grants Pages to choose from. */
export const PAGE_CLIENTS: Record<'facebook' | 'instagram', () => Promise<PageGrantingClient>> = {
  facebook: facebookClient,
  instagram: instagramClient,
};

/** The client of one platform; throws `ProviderMisconfigured` when the platform is not set up. */
export const socialClient = async (platform: ConnectablePlatform): Promise<SocialClient> =>
  SOCIAL_CLIENTS[platform]();
