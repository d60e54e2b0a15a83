import { describe, expect, it } from 'vitest';
import { median, percentile, spreadOf } from './stats';

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([40, 12, 18])).toBe(18);
  });

  it('takes the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses no values', () => {
    expect(() => median([])).toThrow();
  });
});

describe('spreadOf', () => {
  it('answers median, min and max', () => {
    expect(spreadOf([120, 90, 300, 110, 100])).toEqual({ median: 110, min: 90, max: 300 });
  });
});

describe('percentile', () => {
  it('takes the nearest rank: p50 and p99 of 1 to 200, and of a single value', () => {
    const values = Array.from({ length: 200 }, (_, index) => 200 - index);
    expect(percentile(values, 50)).toBe(100);
    expect(percentile(values, 99)).toBe(198);
    expect(percentile(values, 100)).toBe(200);
    expect(percentile([7], 99)).toBe(7);
  });

  it('refuses no values', () => {
    expect(() => percentile([], 50)).toThrow();
  });
});
