import { describe, expect, it } from 'vitest';
import { activityDetail } from './recent-activity';

describe('activityDetail', () => {
  it("shows a connection's created date, or 'Recently' without one", () => {
    expect(
      activityDetail({
        id: 'p',
        kind: 'platform',
        text: 'Connected LinkedIn account',
        date: '2026-11-03T10:00:00.000Z',
      }),
    ).toBe('Nov 3, 2026');
    expect(
      activityDetail({ id: 'p', kind: 'platform', text: 'Connected X account', date: null }),
    ).toBe('Recently');
  });

  it('shows nothing beside a campaign', () => {
    expect(
      activityDetail({
        id: 'a',
        kind: 'campaign-active',
        text: 'Campaign "A" is active',
        date: null,
      }),
    ).toBeUndefined();
  });
});
