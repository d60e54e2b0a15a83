import { describe, expect, it } from 'vitest';
import { engagementSeries, weeksOf } from './performance-format';

const totals = { posts: 1, impressions: 1000, engagements: 30, engagementRate: 0.03 };

describe('the weekly chart’s points', () => {
  it('has every week of the period, Mondays in the company’s zone', () => {
    // Monday Nov 2 00:00 in New York to the end of the week of Nov 23.
    expect(
      weeksOf(
        { from: '2026-11-02T05:00:00.000Z', to: '2026-11-30T05:00:00.000Z' },
        'America/New_York',
      ),
    ).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
    // A period starting mid-week starts at its Monday.
    expect(
      weeksOf({ from: '2026-11-04T12:00:00.000Z', to: '2026-11-10T00:00:00.000Z' }, 'UTC'),
    ).toEqual(['2026-11-02', '2026-11-09']);
  });

  it('adds each week’s engagements by platform; weeks without posts have none', () => {
    const { platforms, points } = engagementSeries(
      [
        { weekStart: '2026-11-16', platform: 'linkedin', ...totals, engagements: 12 },
        { weekStart: '2026-11-02', platform: 'twitter', ...totals },
        { weekStart: '2026-11-16', platform: 'twitter', ...totals, engagements: 45 },
      ],
      { from: '2026-11-02T05:00:00.000Z', to: '2026-11-23T05:00:00.000Z' },
      'America/New_York',
    );
    expect(platforms).toEqual(['twitter', 'linkedin']);
    expect(points).toEqual([
      { label: 'Nov 2', engagements: { twitter: 30 } },
      { label: 'Nov 9', engagements: {} },
      { label: 'Nov 16', engagements: { twitter: 45, linkedin: 12 } },
    ]);
  });
});
