import { describe, expect, it } from 'vitest';
import { median, spreadOf } from './stats';

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
