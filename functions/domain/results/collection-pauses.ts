import type { ConnectablePlatform } from '#shared/domain/tiers';
import { collectionPauseEntity } from '../../core/db/entities/collection-state';

type PauseReason = 'credits' | 'rate-limit' | 'monthly-cap';

/** A platform's whole collection (the app's credits), or one company's on it. */
export const pauseScope = (platform: ConnectablePlatform, companyId?: string): string =>
  companyId ? `${platform}#${companyId}` : platform;

/** Collection of the scope waits until `until`; publishing never looks at this. */
export const pauseCollection = async (
  scope: string,
  until: Date,
  reason: PauseReason,
): Promise<void> => {
  await collectionPauseEntity()
    .put({
      scope,
      until: until.toISOString(),
      reason,
      // Kept a day past its end, then the TTL removes it.
      expiresAt: Math.ceil(until.getTime() / 1000) + 24 * 60 * 60,
    })
    .go({ response: 'none' });
};

/** Until when the scopes' collection waits (the latest), or null when none is paused at `now`. */
export const pausedUntil = async (scopes: readonly string[], now: Date): Promise<Date | null> => {
  const pauses = await Promise.all(
    scopes.map((scope) => collectionPauseEntity().get({ scope }).go()),
  );
  const until = pauses
    .map(({ data }) => (data ? Date.parse(data.until) : 0))
    .filter((at) => at > now.getTime());
  return until.length ? new Date(Math.max(...until)) : null;
};
