import type { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_PREFIX } from '#shared/contract/route';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { resolveAppUrl } from '../core/app-url';
import { loadCompanyOwnedBy } from '../domain/ownership/owned-company';
import type { CompanyRecord } from '../core/db/entities/company';
import { DomainError } from '../core/errors';
import type { Redirect } from '../core/http/group-handler';
import { reachFunnelStep } from '../domain/business/business-counts';
import { ensurePlatformInTier } from '../domain/plans/entitlement';
import {
  ProviderError,
  ProviderMisconfigured,
  ProviderRateLimited,
  ProviderUnavailable,
} from '../integrations/social/provider-errors';
import { createPkcePair } from '../integrations/social/pkce';
import { grantsPages, type SocialClient } from '../integrations/social/social-client';
import { storeConnection } from './credentials';
import { claimOAuthState, createOAuthState } from './oauth-state';
import { keepPageChoice, missingPermissionOf } from './page-choice';
import { revokeQuietly } from './revocation';

/** Where the provider sends the browser back: our public callback, under the app's origin. */
export const redirectUriOf = async (platform: ConnectablePlatform): Promise<string> =>
  `${await resolveAppUrl()}${API_PREFIX}/platforms/${platform}/callback`;

/**
 * The provider's consent page for connecting the company's account: checks the tier, records a
 * state bound to the user, the company and this browser (oauth-state.ts), and answers the URL.
 */
export const beginConnection = async (input: {
  client: SocialClient;
  company: CompanyRecord;
  userId: string;
  event: APIGatewayProxyEventV2;
}): Promise<{ url: string }> => {
  const { client, company, userId, event } = input;
  ensurePlatformInTier(company, client.platform);
  const { codeVerifier, codeChallenge } = createPkcePair();
  const { state } = await createOAuthState({
    platform: client.platform,
    userId,
    companyId: company.companyId,
    codeVerifier,
    event,
  });
  return {
    url: client.authorizationUrl({
      state,
      redirectUri: await redirectUriOf(client.platform),
      codeChallenge,
    }),
  };
};

/** What the callback's query can hold (the contract's schema). */
export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** The short reasons the Platforms screen shows ("Failed to connect to X: {error}"). */
export const CONNECTION_ERRORS = {
  invalidState:
    'This connection link is not valid here. Please start again from the Platforms page.',
  expired: 'The connection took too long. Please try again.',
  denied: 'Access was not granted',
  companyGone: 'The company was not found',
  unavailable: 'The platform is not answering right now. Please try again later.',
  rateLimited: 'The platform is limiting requests right now. Please try again later.',
  refused: 'The platform refused the connection. Please try again.',
  failed: 'Something went wrong while connecting. Please try again.',
} as const;

const platformsPage = async (companyId: string | undefined, params: Record<string, string>) => {
  const appUrl = await resolveAppUrl();
  const path = companyId
    ? `/dashboard/company/${encodeURIComponent(companyId)}/platforms`
    : // Without a state of this browser's, whose company it was is not ours to say.
      '/dashboard/platforms';
  return `${appUrl}${path}?${new URLSearchParams(params)}`;
};

const failure = async (
  platform: ConnectablePlatform,
  companyId: string | undefined,
  error: string,
): Promise<Redirect> => ({ location: await platformsPage(companyId, { error, platform }) });

/** A provider's failure during the exchange, in the owner's words (and logged for us). */
const exchangeFailure = (error: unknown, logger: Logger): string => {
  if (!(error instanceof ProviderError)) {
    logger.error('Connecting an account failed', error as Error);
    return CONNECTION_ERRORS.failed;
  }
  // The client logged it for the operator when it arose (integrations/social/provider-failures).
  if (error instanceof ProviderMisconfigured) return CONNECTION_ERRORS.unavailable;
  logger.warn('The provider refused the connection', {
    platform: error.platform,
    kind: error.name,
    status: error.status,
  });
  if (error instanceof ProviderUnavailable) return CONNECTION_ERRORS.unavailable;
  if (error instanceof ProviderRateLimited) return CONNECTION_ERRORS.rateLimited;
  return CONNECTION_ERRORS.refused;
};

/**
 * The provider's redirect back: spends the state (this browser's, this platform's, unexpired),
 * checks that the user still owns the company and its tier still includes the platform, trades
 * the code for tokens, asks who the account is, stores the credential, and sends the browser to
 * the company's Platforms screen with `success=true` or a short `error`. Never a JSON error: this
 * is a browser's navigation.
 */
export const finishConnection = async (input: {
  client: SocialClient;
  query: CallbackQuery;
  event: APIGatewayProxyEventV2;
  logger: Logger;
}): Promise<Redirect> => {
  const { client, query, event, logger } = input;
  const { platform } = client;
  const claimed = await claimOAuthState({ platform, state: query.state, event });
  if (claimed.outcome === 'invalid') {
    logger.warn('OAuth callback with a state that is unknown, spent or not this browser’s', {
      platform,
    });
    return failure(platform, undefined, CONNECTION_ERRORS.invalidState);
  }
  const { companyId } = claimed;
  if (claimed.outcome === 'expired') return failure(platform, companyId, CONNECTION_ERRORS.expired);
  if (query.error || !query.code) {
    // `access_denied` when the owner cancels on the consent page; anything else is the provider's.
    if (query.error && query.error !== 'access_denied') {
      logger.warn('The provider answered the consent with an error', {
        platform,
        error: query.error,
        description: query.error_description,
      });
    }
    return failure(
      platform,
      companyId,
      query.error === 'access_denied' || !query.error
        ? CONNECTION_ERRORS.denied
        : CONNECTION_ERRORS.refused,
    );
  }

  let company: CompanyRecord;
  try {
    company = await loadCompanyOwnedBy(companyId, claimed.userId);
    ensurePlatformInTier(company, platform);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return failure(
      platform,
      companyId,
      error.code === 'PLATFORM_NOT_IN_TIER' ? error.message : CONNECTION_ERRORS.companyGone,
    );
  }

  try {
    const grant = await client.exchangeCode({
      code: query.code,
      redirectUri: await redirectUriOf(platform),
      codeVerifier: claimed.codeVerifier,
    });
    if (grantsPages(client)) {
      // Meta grants Pages: the owner chooses one on the Platforms screen, unless the consent
      // left out a permission publishing needs (then it says which).
      const missing = missingPermissionOf(client.platform, grant.scopes);
      if (missing) return failure(platform, companyId, missing);
      await keepPageChoice({
        platform: client.platform,
        companyId,
        userId: claimed.userId,
        grant,
      });
      logger.info('Consent granted; waiting for the Page choice', { platform, companyId });
      return {
        location: await platformsPage(companyId, { choosePage: 'true', platform }),
      };
    }
    const account = await client.account(grant.accessToken);
    const { replaced } = await storeConnection({ companyId, platform, account, grant });
    if (replaced) await revokeQuietly(async () => client, replaced, logger);
    await reachFunnelStep(company.userId, 'platformConnected');
    logger.info('Account connected', { platform, companyId, replacedAnother: replaced !== null });
  } catch (error) {
    return failure(platform, companyId, exchangeFailure(error, logger));
  }
  return { location: await platformsPage(companyId, { success: 'true', platform }) };
};
