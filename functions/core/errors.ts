import type { ErrorCode } from '#shared/contract/errors';

/**
 * Domain errors: what went wrong, in the domain's words, with the stable code clients decide on.
 * Domain code throws these and never an HTTP error; the HTTP layer maps them once (the code
 * decides the status), and jobs read the kind (an `Unavailable` is worth retrying, an `Invalid`
 * is not).
 */
export abstract class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Per-field messages, keyed by the field's path (`email`, `brandColors.0`). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The thing does not exist — or belongs to someone else, which must look the same. */
export class NotFound extends DomainError {}

/** The request clashes with what exists (a taken email address). */
export class Conflict extends DomainError {}

/** A plan or product limit stops the request (one company on the intro tier). */
export class LimitReached extends DomainError {}

/** The input cannot be acted on (a wrong code, a malformed body, a spent reset link). */
export class Invalid extends DomainError {}

/** The caller is not signed in, or their session has ended. */
export class Unauthenticated extends DomainError {}

/** Signed in, but this is not theirs to do. */
export class Forbidden extends DomainError {}

/** Too many requests; try again after `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}

/** Something we depend on failed or timed out; the same request may work later. */
export class Unavailable extends DomainError {}
