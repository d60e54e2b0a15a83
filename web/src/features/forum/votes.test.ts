import { describe, expect, it } from 'vitest';
import { afterVote } from './votes';

describe('afterVote', () => {
  it.each([
    [{ count: 3, myVote: null }, 'up', { count: 4, myVote: 'up' }],
    [{ count: 3, myVote: null }, 'down', { count: 2, myVote: 'down' }],
    [{ count: 3, myVote: 'up' }, 'up', { count: 2, myVote: null }],
    [{ count: 3, myVote: 'down' }, 'down', { count: 4, myVote: null }],
    [{ count: 3, myVote: 'down' }, 'up', { count: 5, myVote: 'up' }],
    [{ count: 3, myVote: 'up' }, 'down', { count: 1, myVote: 'down' }],
  ] as const)('%o voted %s → %o', (before, type, after) => {
    expect(afterVote(before, type)).toEqual(after);
  });
});
