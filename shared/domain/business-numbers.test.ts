import { describe, expect, it } from 'vitest';
import {
  COUNTER,
  daysBetween,
  funnelOf,
  medianBucketOf,
  payingOf,
  waitBucketOf,
  WAIT_BUCKET_BOUNDS,
} from './business-numbers';

describe('the business numbers', () => {
  it('puts a wait in the bucket whose bound it does not pass', () => {
    expect(waitBucketOf(0)).toBe(0);
    expect(waitBucketOf(60)).toBe(0);
    expect(waitBucketOf(61)).toBe(1);
    expect(waitBucketOf(100 * 86_400)).toBe(WAIT_BUCKET_BOUNDS.length - 1);
  });

  it('finds the median bucket of a histogram', () => {
    expect(medianBucketOf([0, 0, 0])).toBeNull();
    // 1 under a minute, 3 between 1 and 5 minutes: the median is in the second bucket.
    expect(medianBucketOf([1, 3])).toEqual({ fromSeconds: 60, toSeconds: 300 });
    // Two and two: the lower middle.
    expect(medianBucketOf([2, 2])).toEqual({ fromSeconds: 0, toSeconds: 60 });
    const last = WAIT_BUCKET_BOUNDS.map((_, index) =>
      index === WAIT_BUCKET_BOUNDS.length - 1 ? 1 : 0,
    );
    expect(medianBucketOf(last)).toEqual({ fromSeconds: 30 * 86_400, toSeconds: null });
  });

  it('sums the days of a range into the funnel; the first step has no wait', () => {
    const funnel = funnelOf([
      {
        [COUNTER.step('signedUp')]: 3,
        [COUNTER.step('phoneVerified')]: 1,
        [COUNTER.wait('phoneVerified', 1)]: 1,
      },
      {
        [COUNTER.step('signedUp')]: 2,
        [COUNTER.step('phoneVerified')]: 2,
        [COUNTER.wait('phoneVerified', 4)]: 2,
      },
    ]);
    expect(funnel.slice(0, 3)).toEqual([
      { step: 'signedUp', count: 5, medianWait: null },
      { step: 'phoneVerified', count: 3, medianWait: { fromSeconds: 1800, toSeconds: 3600 } },
      { step: 'companyCreated', count: 0, medianWait: null },
    ]);
  });

  it('prices the paying companies at list price, never below zero per tier', () => {
    expect(
      payingOf({
        [COUNTER.paying('gold')]: 2,
        [COUNTER.paying('intro')]: 1,
        [COUNTER.paying('silver')]: -1,
      }),
    ).toEqual({ byTier: { intro: 1, silver: 0, gold: 2, platinum: 0 }, mrr: 330 });
  });

  it('lists every day of a range, both ends included, across a month', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
