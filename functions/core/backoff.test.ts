import { afterEach, describe, expect, it, vi } from 'vitest';
import { backOff, backoffMs, CONTENTION_BACKOFF, sleep, THROTTLE_BACKOFF } from './backoff';

const lowest = () => 0;
const highest = () => 0.999_999;

describe('backoffMs', () => {
  it('grows by a step a try (linear), from nothing up to the longest wait (full jitter)', () => {
    for (const attempt of [1, 2, 5]) {
      expect(backoffMs(attempt, CONTENTION_BACKOFF, lowest)).toBe(0);
      expect(backoffMs(attempt, CONTENTION_BACKOFF, highest)).toBeCloseTo(20 * attempt, 3);
    }
  });

  it('doubles a try (doubling), between half and all of the longest wait (half jitter), up to its cap', () => {
    expect(backoffMs(2, THROTTLE_BACKOFF, lowest)).toBe(100);
    expect(backoffMs(2, THROTTLE_BACKOFF, highest)).toBeCloseTo(200, 3);
    expect(backoffMs(3, THROTTLE_BACKOFF, lowest)).toBe(200);
    // 50 × 2^7 = 6400, capped at 5000.
    expect(backoffMs(7, THROTTLE_BACKOFF, lowest)).toBe(2500);
    expect(backoffMs(7, THROTTLE_BACKOFF, highest)).toBeCloseTo(5000, 2);
    expect(backoffMs(30, THROTTLE_BACKOFF, highest)).toBeLessThanOrEqual(5000);
  });

  it('spreads waits over the whole range with the real random numbers', () => {
    const waits = Array.from({ length: 2000 }, () => backoffMs(3, CONTENTION_BACKOFF));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...waits)).toBeLessThan(60);
    // Jittered: not two or three values, but waits all over the range.
    expect(Math.min(...waits)).toBeLessThan(6);
    expect(Math.max(...waits)).toBeGreaterThan(54);
    expect(new Set(waits.map(Math.floor)).size).toBeGreaterThan(50);
  });
});

describe('sleep and backOff', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('wait as long as they say', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const started = Date.now();
    await Promise.all([sleep(250), vi.advanceTimersByTimeAsync(250)]);
    expect(Date.now() - started).toBe(250);
    let done = false;
    // 20 × 3 × 0.5 = 30 ms.
    const waiting = backOff(3, CONTENTION_BACKOFF).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(29);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });
});
