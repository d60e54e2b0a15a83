import type { ConnectablePlatform } from '#shared/domain/tiers';

/** A provider answered with a failure; the subclasses say which kind, so callers decide by kind. */
export abstract class ProviderError extends Error {
  constructor(
    readonly platform: ConnectablePlatform,
    message: string,
    /** The provider's HTTP status, when there was an answer. */
    readonly status?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 429: try again after `resetAt` (from `x-rate-limit-reset` on X, `Retry-After` elsewhere). */
export class ProviderRateLimited extends ProviderError {
  constructor(
    platform: ConnectablePlatform,
    message: string,
    readonly resetAt: Date | undefined,
  ) {
    super(platform, message, 429);
  }
}

/** 5xx, a time-out or a network failure: nothing was posted for certain only when `certainlyNotPosted`. */
export class ProviderUnavailable extends ProviderError {
  constructor(
    platform: ConnectablePlatform,
    message: string,
    status: number | undefined,
    /** False when the request may have reached the provider (a time-out after sending the post). */
    readonly certainlyNotPosted: boolean,
  ) {
    super(platform, message, status);
  }
}

/** 401 (or `invalid_grant` on refresh): the grant is gone; the owner must reconnect. */
export class ProviderAuthRevoked extends ProviderError {}

/** X's 403 for a post identical to a recent one. */
export class ProviderDuplicatePost extends ProviderError {}

/** Any other refusal of the request (a 400/403/422 with the provider's reason). */
export class ProviderRejected extends ProviderError {}

/**
 * Our configuration is wrong, not the owner's request: LinkedIn's 426 for a retired
 * `LinkedIn-Version`, a 401 on the token endpoint for our client id. Logged for the operator.
 */
export class ProviderMisconfigured extends ProviderError {}
