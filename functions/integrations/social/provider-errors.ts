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

/**
 * The grant lacks a permission the request needs (Meta's codes 10 and 200–299): the owner must
 * reconnect and allow it. `message` says which, in the owner's words.
 */
export class ProviderPermissionMissing extends ProviderAuthRevoked {
  constructor(
    platform: ConnectablePlatform,
    message: string,
    readonly permission: string,
    status?: number,
  ) {
    super(platform, message, status);
  }
}

/**
 * The account's own publishing limit over a rolling window is used up (Instagram's 24-hour
 * `content_publishing_limit`): nothing was sent, and the post goes later — a rate limit whose
 * end is estimated (`resetAt`), since the window rolls. `message` is in the owner's words.
 */
export class ProviderQuotaReached extends ProviderRateLimited {
  constructor(platform: ConnectablePlatform, message: string, resetAt: Date) {
    super(platform, message, resetAt);
  }
}

/** X's 403 for a post identical to a recent one. */
export class ProviderDuplicatePost extends ProviderError {}

/** Any other refusal of the request (a 400/403/422 with the provider's reason). */
export class ProviderRejected extends ProviderError {}

/**
 * Our configuration is wrong, not the owner's request: LinkedIn's 426 for a retired
 * `LinkedIn-Version`, a 401 on the token endpoint for our client id. Logged for the operator.
 */
export class ProviderMisconfigured extends ProviderError {}
