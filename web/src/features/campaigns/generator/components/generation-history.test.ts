import { describe, expect, it, vi } from 'vitest';
import type * as Limits from '#shared/domain/limits';
import { versionTime } from './generation-history';

/**
 * A zone this browser does not know falls back to the product's default zone, the one a company
 * counts in until it has its own: another default here, and the time follows it.
 */
vi.mock('#shared/domain/limits', async (importOriginal) => ({
  ...(await importOriginal<typeof Limits>()),
  DEFAULT_TIME_ZONE: 'Asia/Tokyo',
}));

// 20:00 on March 1 in UTC is already March 2, 05:00 in Tokyo.
const EVENING = '2026-03-01T20:00:00.000Z';

describe("a version's time", () => {
  it("is shown in the company's zone", () => {
    expect(versionTime(EVENING, 'America/New_York')).toBe('Mar 1, 3:00 PM');
  });

  it('is shown in the default zone when the browser does not know the company’s', () => {
    expect(versionTime(EVENING, 'Nowhere/Atlantis')).toBe('Mar 2, 5:00 AM');
  });
});
