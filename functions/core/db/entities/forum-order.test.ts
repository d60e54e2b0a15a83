import { describe, expect, it } from 'vitest';
import { listPlaceOf } from './forum-thread';
import { rankOf } from './forum-top-thread';

const descending = (values: string[]) => [...values].sort().reverse();

describe('the order of forum indexes (read descending)', () => {
  it('ranks Top discussions by votes, negative counts below zero, then by activity', () => {
    const at = '2026-11-27T10:00:00.000Z';
    const later = '2026-11-27T11:00:00.000Z';
    const ranks = [
      rankOf(12, at),
      rankOf(5, later),
      rankOf(5, at),
      rankOf(0, at),
      rankOf(-1, at),
      rankOf(-30, at),
    ];
    expect(descending(ranks)).toEqual(ranks);
  });

  it('lists pinned threads first, then the latest active', () => {
    const places = [
      listPlaceOf(true, '2026-01-01T00:00:00.000Z', 'a'),
      listPlaceOf(false, '2026-11-27T11:00:00.000Z', 'b'),
      listPlaceOf(false, '2026-11-27T10:00:00.000Z', 'c'),
    ];
    expect(descending(places)).toEqual(places);
  });
});
