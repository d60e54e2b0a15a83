import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '#shared/contract/campaigns';
import type { GeneratedContent } from '#shared/contract/content';
import { WEEKDAY_NAMES, WEEKDAYS } from '#shared/domain/campaigns';
import { DAY_PART_HOURS, type DayPart } from '#shared/domain/post-results';
import { approveDraft, draftPost, newCampaign, newContentOwner } from './content-support';
import { call } from './http';

/**
 * A campaign's Best times mode through the API: the mode is stored and answered, and an approved
 * post takes a time inside the window the model picked, with the reason its card shows; Move
 * works as in the fixed mode and drops the reason.
 */

const REASON =
  /^(?:(?<best>\w+day) (?<bestPart>morning|midday|afternoon|evening): your best window on X so far|trying (?<trying>\w+day) (?<tryingPart>morning|midday|afternoon|evening))$/;

describe('Best times', () => {
  it('slots an approved post inside the chosen window and says why', async () => {
    const owner = await newContentOwner();
    const campaignId = await newCampaign(owner, {
      schedule: { days: ['mon'], times: ['09:00'], mode: 'bestTimes' },
    });
    const campaign = await call<Campaign>('GET', `/campaigns/${campaignId}`, {
      token: owner.token,
    });
    expect(campaign.body.schedule).toMatchObject({
      mode: 'bestTimes',
      timeZone: 'America/Chicago',
    });

    const contentId = await draftPost(owner, campaignId);
    const approved = await approveDraft(owner, campaignId, contentId);
    expect(approved.status).toBe('scheduled');
    const match = REASON.exec(approved.slotReason ?? '');
    expect(match, approved.slotReason ?? 'no reason').not.toBeNull();
    const dayName = match!.groups!.best ?? match!.groups!.trying;
    const part = (match!.groups!.bestPart ?? match!.groups!.tryingPart) as DayPart;

    // The slot is that day and part of the day, in the campaign's zone, on the hour.
    const local = new TZDate(Date.parse(approved.scheduledFor!), 'America/Chicago');
    expect(WEEKDAY_NAMES[WEEKDAYS[(local.getDay() + 6) % 7]!].long).toBe(dayName);
    expect(local.getHours()).toBeGreaterThanOrEqual(DAY_PART_HOURS[part].from);
    expect(local.getHours()).toBeLessThan(DAY_PART_HOURS[part].to);
    expect(local.getMinutes()).toBe(0);

    // Move is the fixed schedule's: its free slots are the posting days and times, and the
    // moved post has no reason to show.
    const slots = await call<{ slots: string[] }>(
      'GET',
      `/campaigns/${campaignId}/content/${contentId}/slots`,
      { token: owner.token },
    );
    const moved = await call<GeneratedContent>(
      'POST',
      `/campaigns/${campaignId}/content/${contentId}/schedule`,
      { token: owner.token, body: { scheduledFor: slots.body.slots[0] } },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.slotReason).toBeNull();
  });

  it('keeps a fixed campaign on its days and times, with no reason, and keeps the mode when a schedule is sent without one', async () => {
    const owner = await newContentOwner();
    const campaignId = await newCampaign(owner, {
      schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], times: ['09:00'] },
    });
    const contentId = await draftPost(owner, campaignId);
    const approved = await approveDraft(owner, campaignId, contentId);
    expect(approved.slotReason).toBeNull();
    const local = new TZDate(Date.parse(approved.scheduledFor!), 'America/Chicago');
    expect([local.getHours(), local.getMinutes()]).toEqual([9, 0]);

    const switched = await call<Campaign>('PUT', `/campaigns/${campaignId}`, {
      token: owner.token,
      body: { schedule: { days: ['mon'], times: ['09:00'], mode: 'bestTimes' } },
    });
    expect(switched.body.schedule.mode).toBe('bestTimes');
    const kept = await call<Campaign>('PUT', `/campaigns/${campaignId}`, {
      token: owner.token,
      body: { schedule: { days: ['tue'], times: ['10:00'] } },
    });
    expect(kept.body.schedule).toMatchObject({ mode: 'bestTimes', days: ['tue'] });
  });
});
