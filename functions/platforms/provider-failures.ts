import type { Logger } from '@aws-lambda-powertools/logger';
import { platformName } from '#shared/domain/tiers';
import type { PlatformCredentialRecord } from '../core/db/entities/platform-credential';
import { Conflict, Invalid, RateLimited, Unavailable, type DomainError } from '../core/errors';
import { waitText } from '../core/limits/wait-text';
import {
  ProviderAuthRevoked,
  ProviderDuplicatePost,
  ProviderError,
  ProviderMisconfigured,
  ProviderPermissionMissing,
  ProviderQuotaReached,
  ProviderRateLimited,
  ProviderRejected,
  ProviderUnavailable,
} from '../integrations/social/provider-errors';
import { markNeedsReconnection } from './credentials';

/** Without a reset time from the provider, a rate-limited caller is told to wait this long. */
const DEFAULT_RATE_LIMIT_SECONDS = 15 * 60;

export const needsReconnectionMessage = (platform: PlatformCredentialRecord['platform']) =>
  `${platformName(platform)} needs to be reconnected: the connection was revoked or has expired. Reconnect it on the Platforms page.`;

/** "15:45 UTC" — the owner's time zone is not known here; the relative wait comes first. */
const clockTime = (at: Date) => `${at.toISOString().slice(11, 16)} UTC`;

/**
 * The domain error for a provider's failure, so the owner is told what happened in their words
 * and a client can decide on the code:
 * - revoked grant, or a permission missing from it: the credential is marked `needsReconnection`
 *   (PLATFORM_NEEDS_RECONNECTION, naming the permission);
 * - the account's own publishing limit (Instagram): PUBLISHING_LIMIT_REACHED;
 * - 429: PROVIDER_RATE_LIMITED with the reset time in the message and as Retry-After;
 * - 5xx, time-out: PROVIDER_UNAVAILABLE, worded for whether the post may have gone out;
 * - X's duplicate: PROVIDER_DUPLICATE_POST; any other refusal: PROVIDER_REJECTED;
 * - our own configuration (ProviderMisconfigured): logged for the operator, and to the owner
 *   it is the provider being unavailable (there is nothing they can change).
 * Anything that is not a provider error is rethrown as it is (a bug answers 500).
 */
export const providerFailure = async (
  error: unknown,
  credential: PlatformCredentialRecord | null,
  logger: Logger,
  now: Date = new Date(),
): Promise<DomainError> => {
  if (!(error instanceof ProviderError)) throw error;
  const name = platformName(error.platform);
  if (error instanceof ProviderAuthRevoked) {
    if (credential) await markNeedsReconnection(credential);
    logger.warn('The provider refused the grant; the credential needs reconnection', {
      platform: error.platform,
      status: error.status,
    });
    return new Conflict(
      'PLATFORM_NEEDS_RECONNECTION',
      // A missing permission says which one, so the owner knows what to allow when reconnecting.
      error instanceof ProviderPermissionMissing
        ? error.message
        : needsReconnectionMessage(error.platform),
    );
  }
  if (error instanceof ProviderQuotaReached) {
    const seconds = Math.max(
      1,
      Math.ceil(((error.resetAt?.getTime() ?? 0) - now.getTime()) / 1000),
    );
    return new RateLimited('PUBLISHING_LIMIT_REACHED', error.message, seconds);
  }
  if (error instanceof ProviderRateLimited) {
    const resetAt =
      error.resetAt && error.resetAt.getTime() > now.getTime()
        ? error.resetAt
        : new Date(now.getTime() + DEFAULT_RATE_LIMIT_SECONDS * 1000);
    const seconds = Math.ceil((resetAt.getTime() - now.getTime()) / 1000);
    return new RateLimited(
      'PROVIDER_RATE_LIMITED',
      `${name} is limiting requests from this account right now. Try again in ${waitText(seconds)} (after ${clockTime(resetAt)}).`,
      seconds,
    );
  }
  if (error instanceof ProviderUnavailable) {
    logger.warn('The provider is unavailable', {
      platform: error.platform,
      status: error.status,
      reason: error.message,
      certainlyNotPosted: error.certainlyNotPosted,
    });
    return new Unavailable(
      'PROVIDER_UNAVAILABLE',
      error.certainlyNotPosted
        ? `${name} is not answering right now, and nothing was posted. Please try again in a few minutes.`
        : `${name} did not answer in time, so the post may or may not have gone out. Check your ${name} account before trying again.`,
    );
  }
  if (error instanceof ProviderDuplicatePost) {
    return new Conflict(
      'PROVIDER_DUPLICATE_POST',
      `${name} refused this post because it repeats one you posted recently. Change the text and try again.`,
    );
  }
  if (error instanceof ProviderMisconfigured) {
    // Our configuration, not the owner's request: the client logged it for the operator when it
    // arose (integrations/social/provider-failures); the owner hears the provider is unavailable.
    return new Unavailable(
      'PROVIDER_UNAVAILABLE',
      `${name} cannot be reached right now. Please try again later.`,
    );
  }
  if (error instanceof ProviderRejected) {
    // The client's message already names the provider and gives its reason.
    return new Invalid('PROVIDER_REJECTED', error.message);
  }
  // A provider error kind this mapping does not know yet: a bug here, not the owner's fault.
  throw error;
};
