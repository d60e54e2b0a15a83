import { describe, expect, it } from 'vitest';
import { forumTime } from './forum-time';

const NOW = Date.parse('2026-11-27T15:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('forumTime', () => {
  it.each([
    [ago(20_000), 'just now'],
    [ago(5 * 60_000), '5 min ago'],
    [ago(3 * 3_600_000 + 59 * 60_000), '3 h ago'],
    [ago(30 * 3_600_000), 'yesterday'],
    [ago(3 * 86_400_000), '3 days ago'],
    ['2026-11-03T15:00:00Z', 'Nov 3'],
    ['2025-12-24T15:00:00Z', 'Dec 24, 2025'],
    ['not a date', ''],
  ])('%s → %s', (iso, text) => {
    expect(forumTime(iso, NOW)).toBe(text);
  });
});
