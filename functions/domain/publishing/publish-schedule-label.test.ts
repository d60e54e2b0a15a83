import { describe, expect, it } from 'vitest';
import { publishScheduleLabel, SCHEDULE_DESCRIPTION_MAX } from './publish-schedule-label';

describe('publishScheduleLabel', () => {
  const friday9am = new Date('2026-11-27T17:00:00Z'); // 9:00 AM in Los Angeles

  it("says what the schedule publishes, from which campaign, at the owner's time", () => {
    expect(
      publishScheduleLabel(
        {
          platform: 'twitter',
          text: 'Fresh sourdough every morning from 7, while it lasts',
          campaignName: 'Spring loaves',
          attempt: 1,
        },
        friday9am,
        'America/Los_Angeles',
      ),
    ).toBe("Publish X post 'Fresh sourdough every…' of Spring loaves, Fri 9:00 AM");
  });

  it('quotes a short post whole, names a retry, and leaves out a campaign that is gone', () => {
    expect(
      publishScheduleLabel(
        { platform: 'linkedin', text: 'We are hiring', attempt: 3 },
        friday9am,
        'Europe/Berlin',
      ),
    ).toBe("Publish LinkedIn post 'We are hiring', Fri 6:00 PM (attempt 3)");
  });

  it("stays within EventBridge's description limit", () => {
    const label = publishScheduleLabel(
      { platform: 'facebook', text: 'Hello', campaignName: 'n'.repeat(900), attempt: 1 },
      friday9am,
      'UTC',
    );
    expect([...label].length).toBeLessThanOrEqual(SCHEDULE_DESCRIPTION_MAX);
  });
});
