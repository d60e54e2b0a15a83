import { describe, expect, it } from 'vitest';
import { basisText, periodText, postsText } from './result-periods';

describe('periods and counts', () => {
  it('names a period’s days in the zone, its end excluded', () => {
    // Sep 1 to Nov 28 midnight, New York: the last day is Nov 27.
    expect(
      periodText(
        { from: '2026-09-01T04:00:00.000Z', to: '2026-11-28T05:00:00.000Z' },
        'America/New_York',
      ),
    ).toBe('Sep 1 – Nov 27, 2026');
    expect(
      periodText(
        { from: '2025-12-01T05:00:00.000Z', to: '2026-01-02T05:00:00.000Z' },
        'America/New_York',
      ),
    ).toBe('Dec 1, 2025 – Jan 1, 2026');
    expect(
      periodText({ from: '2026-11-27T00:00:00.000Z', to: '2026-11-28T00:00:00.000Z' }, 'UTC'),
    ).toBe('Nov 27, 2026');
  });

  it('says the count with its noun', () => {
    expect(postsText(1)).toBe('1 post');
    expect(postsText(1200)).toBe('1,200 posts');
    expect(
      basisText({ from: '2026-11-02T00:00:00.000Z', to: '2026-11-28T00:00:00.000Z' }, 42, 'UTC'),
    ).toBe('Nov 2 – Nov 27, 2026 · 42 posts');
  });
});
