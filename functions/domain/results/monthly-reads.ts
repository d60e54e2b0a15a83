import { X_READS_PER_COMPANY_PER_MONTH } from '#shared/domain/post-results';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { isConditionFailure } from '../../core/db/conditions';
import { resultReadsEntity } from '../../core/db/entities/collection-state';

const monthOf = (now: Date): string => now.toISOString().slice(0, 7);

/** The first instant of the next calendar month (UTC), when the cap starts again. */
export const nextMonthStart = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

const keyOf = (companyId: string, platform: ConnectablePlatform, now: Date) => ({
  companyId,
  platform,
  month: monthOf(now),
});

const readsSoFar = async (companyId: string, platform: ConnectablePlatform, now: Date) =>
  (
    await resultReadsEntity()
      .get(keyOf(companyId, platform, now))
      .go({ consistent: true })
  ).data?.reads ?? 0;

/**
 * Takes up to `wanted` of the company's reads this month, atomically: the count only grows while
 * it stays within X_READS_PER_COMPANY_PER_MONTH, so runs at once cannot pass it together.
 * Answers how many were granted (0 once the month's are spent).
 */
export const reserveReads = async (
  companyId: string,
  platform: ConnectablePlatform,
  wanted: number,
  now: Date,
  cap: number = X_READS_PER_COMPANY_PER_MONTH,
): Promise<number> => {
  for (let tries = 0; tries < 5; tries++) {
    const granted = Math.min(wanted, cap - (await readsSoFar(companyId, platform, now)));
    if (granted <= 0) return 0;
    try {
      await resultReadsEntity()
        .update(keyOf(companyId, platform, now))
        .add({ reads: granted })
        .set({ expiresAt: Math.ceil(nextMonthStart(now).getTime() / 1000) + 62 * 24 * 60 * 60 })
        .where(
          ({ reads }, { lte, notExists }) => `${notExists(reads)} OR ${lte(reads, cap - granted)}`,
        )
        .go({ response: 'none' });
      return granted;
    } catch (error) {
      // Another run took some meanwhile: count again.
      if (!isConditionFailure(error)) throw error;
    }
  }
  return 0;
};

/** Gives back reads reserved for a request that was never answered (nothing was billed). */
export const releaseReads = async (
  companyId: string,
  platform: ConnectablePlatform,
  count: number,
  now: Date,
): Promise<void> => {
  if (count <= 0) return;
  await resultReadsEntity()
    .update(keyOf(companyId, platform, now))
    .add({ reads: -count })
    .go({ response: 'none' });
};
