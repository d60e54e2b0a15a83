import type { ServerResponse } from 'node:http';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { createHeldResponses } from './stand-in-http';

/**
 * Failure injection: the next API call to one stand-in (never its consent page) answers 402
 * (X's credits spent), 429, 500, hangs past any client's time-out, or first revokes every token that stand-in issued.
 * Meta's stand-in (Facebook, Instagram) has more, each used by the step it belongs to: an
 * expired token, a missing permission, a container that ends in ERROR, a publish whose answer
 * never comes, the publishing limit used up (meta-stand-in.ts). Set from `/_sandbox` or
 * `POST /_sandbox/api/providers/{platform}/next-failure`; used once.
 */

export const FAILURE_KINDS = [
  '402',
  '429',
  '500',
  'timeout',
  'revoke',
  'expired',
  'permission',
  'container-error',
  'publish-timeout',
  'limit-reached',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export const isFailureKind = (value: unknown): value is FailureKind =>
  (FAILURE_KINDS as readonly unknown[]).includes(value);

export const FAILURE_LABELS: Record<FailureKind, string> = {
  '402': 'Credits spent (402)',
  '429': 'Rate limit (429)',
  '500': 'Server error (500)',
  timeout: 'Time-out',
  revoke: 'Revoke all tokens',
  expired: 'Expired token (Meta 190)',
  permission: 'Missing permission (Meta 200)',
  'container-error': 'Container ends in ERROR (Instagram)',
  'publish-timeout': 'Published, answer lost (Meta)',
  'limit-reached': 'Publishing limit used up (Instagram)',
};

export interface Failures {
  next(platform: ConnectablePlatform): FailureKind | undefined;
  set(platform: ConnectablePlatform, kind: FailureKind | undefined): void;
  /** The failure for this call, if one is set; it is used up. */
  take(platform: ConnectablePlatform): FailureKind | undefined;
  /** Holds a request without answering, until the caller gives up (or the sandbox stops). */
  hang(response: ServerResponse): void;
  stop(): void;
}

export const createFailures = (): Failures => {
  const pending = new Map<ConnectablePlatform, FailureKind>();
  const held = createHeldResponses();

  return {
    next: (platform) => pending.get(platform),
    set(platform, kind) {
      if (kind) pending.set(platform, kind);
      else pending.delete(platform);
    },
    take(platform) {
      const kind = pending.get(platform);
      pending.delete(platform);
      return kind;
    },
    hang: held.hold,
    stop: held.releaseAll,
  };
};
