import { describe, expect, it } from 'vitest';
import { voteMove } from './votes';

describe('voteMove', () => {
  it.each([
    [null, 'up', 'up', 1],
    [null, 'down', 'down', -1],
    ['up', 'up', null, -1],
    ['down', 'down', null, 1],
    ['down', 'up', 'up', 2],
    ['up', 'down', 'down', -2],
  ] as const)(
    'from %s, voting %s leaves %s and moves the count by %d',
    (from, type, after, delta) => {
      expect(voteMove(from, type)).toEqual({ after, delta });
    },
  );
});
