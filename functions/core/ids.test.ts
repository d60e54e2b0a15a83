import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newTimeOrderedId, timeOfOrderedId } from './ids';

describe('timeOfOrderedId', () => {
  it('reads back the millisecond a UUIDv7 was made', () => {
    const now = Date.parse('2026-11-27T09:15:42.123Z');
    expect(timeOfOrderedId(newTimeOrderedId(now))).toBe('2026-11-27T09:15:42.123Z');
    expect(timeOfOrderedId(newTimeOrderedId(now).toUpperCase())).toBe('2026-11-27T09:15:42.123Z');
  });

  it('reads an id of another version as the epoch', () => {
    expect(timeOfOrderedId(randomUUID())).toBe('1970-01-01T00:00:00.000Z');
  });
});
