import { PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { logger } from '#functions/core/logger';
import {
  ProviderAuthRevoked,
  ProviderMisconfigured,
  ProviderRateLimited,
  ProviderRejected,
  ProviderUnavailable,
  type ProviderError,
} from './provider-errors';

/**
 * How both clients turn a provider's answer (or its silence) into the errors of
 * provider-errors.ts, so X and LinkedIn fail alike. Messages carry the provider's own reason and
 * never a token.
 */

/**
 * What a request was for. A request that got no answer may still have been carried out, which
 * matters only for the post itself: after a lost media upload or token call nothing was posted.
 */
export type RequestStep = 'token' | 'read' | 'upload' | 'post';

export interface FailedAnswer {
  status: number;
  /** The provider's words for the failure, from its answer. */
  reason: string;
  /** The OAuth error code of a token endpoint's answer (`invalid_grant`, `invalid_client`). */
  oauthError?: string;
  /** When a rate limit ends, when the answer says. */
  resetAt?: Date;
}

const MAX_REASON_LENGTH = 300;

const reasonOf = (answer: FailedAnswer): string =>
  (answer.reason.trim() || `HTTP ${answer.status}`).slice(0, MAX_REASON_LENGTH);

/** Our configuration is wrong (a client id, a secret, an API version): the operator must act. */
export const misconfigured = (
  platform: ConnectablePlatform,
  reason: string,
  status?: number,
): ProviderMisconfigured => {
  logger.error('Social provider configuration error: fix the configuration', {
    platform,
    status,
    reason,
  });
  return new ProviderMisconfigured(
    platform,
    `${PLATFORMS[platform].shortName} refused Sailpost's configuration: ${reason}`,
    status,
  );
};

/** An answer with a failure status, as the error its kind calls for. */
export const failureOf = (
  platform: ConnectablePlatform,
  step: RequestStep,
  answer: FailedAnswer,
): ProviderError => {
  const name = PLATFORMS[platform].shortName;
  const { status } = answer;
  const reason = reasonOf(answer);
  if (status === 429) {
    const until = answer.resetAt ? ` until ${answer.resetAt.toISOString()}` : '';
    return new ProviderRateLimited(
      platform,
      `${name} is limiting requests${until}`,
      answer.resetAt,
    );
  }
  if (status >= 500) {
    return new ProviderUnavailable(platform, `${name} is unavailable: ${reason}`, status, true);
  }
  // The token endpoint refusing our client id and secret is ours to fix, not the owner's.
  if (step === 'token' && (status === 401 || answer.oauthError === 'invalid_client')) {
    return misconfigured(platform, reason, status);
  }
  // A refused code or refresh token (X says invalid_request, LinkedIn invalid_grant) and a
  // refused access token both mean the grant is gone: the owner connects again.
  if (
    status === 401 ||
    (step === 'token' && ['invalid_grant', 'invalid_request'].includes(answer.oauthError ?? ''))
  ) {
    return new ProviderAuthRevoked(
      platform,
      `${name} no longer accepts this connection: ${reason}`,
      status,
    );
  }
  if (status === 426) return misconfigured(platform, reason, status);
  return new ProviderRejected(platform, `${name} refused the request: ${reason}`, status);
};

/**
 * Network failures raised before the request left this machine (refused, no such host, no route,
 * no connection in time): the provider never saw it, so even a post certainly did not go out and
 * may be tried again.
 */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether a failed request's error (or its cause) says it never left this machine. */
export const neverSent = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NEVER_SENT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/** fetch's own time-out (AbortSignal.timeout) or an abort. */
export const isTimeout = (error: unknown): boolean =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * A request that got no answer: a time-out or a network failure. Only the post itself may have
 * been carried out unseen, and not when the failure says the request never left.
 */
export const unanswered = (
  platform: ConnectablePlatform,
  step: RequestStep,
  timedOut: boolean,
  { notSent = false }: { notSent?: boolean } = {},
): ProviderUnavailable =>
  new ProviderUnavailable(
    platform,
    timedOut
      ? `${PLATFORMS[platform].shortName} did not answer in time`
      : `${PLATFORMS[platform].shortName} could not be reached`,
    undefined,
    step !== 'post' || notSent,
  );

/**
 * fetch's failure to get an answer as the provider error it means (see `unanswered`), or
 * undefined when the error is something else (ours, to throw as it is).
 */
export const unansweredFetch = (
  platform: ConnectablePlatform,
  step: RequestStep,
  error: unknown,
): ProviderUnavailable | undefined => {
  if (isTimeout(error)) return unanswered(platform, step, true);
  if (error instanceof TypeError && error.message === 'fetch failed') {
    return unanswered(platform, step, false, { notSent: neverSent(error) });
  }
  return undefined;
};
