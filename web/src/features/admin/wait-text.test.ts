import { describe, expect, it } from 'vitest';
import { waitRangeText } from './wait-text';

describe('waitRangeText', () => {
  it('says the bucket the median falls in, in words', () => {
    expect(waitRangeText(null)).toBe('—');
    expect(waitRangeText({ fromSeconds: 0, toSeconds: 60 })).toBe('under 1 min');
    expect(waitRangeText({ fromSeconds: 3600, toSeconds: 7200 })).toBe('1 h – 2 h');
    expect(waitRangeText({ fromSeconds: 86_400, toSeconds: 172_800 })).toBe('1 day – 2 days');
    expect(waitRangeText({ fromSeconds: 2_592_000, toSeconds: null })).toBe('over 30 days');
  });
});
