import { describe, expect, it } from 'vitest';
import { campaignSlots, nextFreeSlot, slotText, type SlotCampaign } from './schedule-slots';

const campaign = (overrides: Partial<SlotCampaign['schedule']> & Partial<SlotCampaign> = {}) => {
  const { startDate, endDate, ...schedule } = overrides;
  return {
    startDate: startDate ?? '2026-01-01T05:00:00.000Z',
    endDate: endDate ?? '2026-12-31T05:00:00.000Z',
    schedule: {
      timeZone: 'America/New_York',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const,
      times: ['09:00'],
      ...schedule,
    },
  } as SlotCampaign;
};

const first = (input: SlotCampaign, now: string, count: number) => {
  const slots: string[] = [];
  for (const slot of campaignSlots(input, new Date(now))) {
    slots.push(slot.toISOString());
    if (slots.length === count) break;
  }
  return slots;
};

describe('campaign slots', () => {
  it('are the posting times of the posting days in the campaign’s zone, from now on', () => {
    // Tuesday 2026-11-24, 10:00 in New York: 9:00 has passed, so Wednesday first.
    expect(first(campaign({ times: ['17:30', '09:00'] }), '2026-11-24T15:00:00.000Z', 4)).toEqual([
      '2026-11-24T22:30:00.000Z',
      '2026-11-25T14:00:00.000Z',
      '2026-11-25T22:30:00.000Z',
      '2026-11-26T14:00:00.000Z',
    ]);
  });

  it('skip the weekend when only weekdays post', () => {
    // Friday 2026-11-27, 12:00 in New York.
    expect(first(campaign(), '2026-11-27T17:00:00.000Z', 1)).toEqual(['2026-11-30T14:00:00.000Z']);
  });

  it('keep 9:00 local across the spring DST change in New York (EST → EDT)', () => {
    // Friday 2026-03-06: the clocks go forward on Sunday 2026-03-08.
    expect(first(campaign(), '2026-03-06T15:00:00.000Z', 2)).toEqual([
      '2026-03-09T13:00:00.000Z',
      '2026-03-10T13:00:00.000Z',
    ]);
  });

  it('ring a skipped time after the jump, and a doubled time once, as an alarm would', () => {
    const daily = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
    // 02:30 does not exist on 2026-03-08 in New York: 03:30 EDT (07:30Z).
    expect(
      first(campaign({ days: [...daily], times: ['02:30'] }), '2026-03-07T12:00:00.000Z', 2),
    ).toEqual(['2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z']);
    // 01:30 happens twice on 2026-11-01: once, at its first (EDT) occurrence.
    expect(
      first(campaign({ days: [...daily], times: ['01:30'] }), '2026-10-31T12:00:00.000Z', 2),
    ).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
  });

  it('work in a zone 13 hours ahead of UTC, where the local day starts the UTC day before', () => {
    const tonga = campaign({
      timeZone: 'Pacific/Tongatapu',
      startDate: '2026-11-24T11:00:00.000Z',
      endDate: '2026-12-31T11:00:00.000Z',
    });
    // 2026-11-24 12:00 UTC is Wednesday 2026-11-25 01:00 in Tonga: 9:00 that day is 20:00Z.
    expect(first(tonga, '2026-11-24T12:00:00.000Z', 2)).toEqual([
      '2026-11-24T20:00:00.000Z',
      '2026-11-25T20:00:00.000Z',
    ]);
  });

  it('end with the campaign’s last day, and a campaign ending today has only today’s later times', () => {
    // Ends on Wednesday 2026-11-25 (New York); now is that day at 10:00.
    const ending = campaign({
      times: ['09:00', '12:00', '18:00'],
      endDate: '2026-11-25T05:00:00.000Z',
    });
    expect(first(ending, '2026-11-25T15:00:00.000Z', 5)).toEqual([
      '2026-11-25T17:00:00.000Z',
      '2026-11-25T23:00:00.000Z',
    ]);
    expect(nextFreeSlot(ending, new Date('2026-11-26T15:00:00.000Z'))).toBeNull();
  });

  it('start with the campaign’s first day, never before', () => {
    const later = campaign({ startDate: '2026-12-01T05:00:00.000Z' });
    expect(first(later, '2026-11-24T15:00:00.000Z', 1)).toEqual(['2026-12-01T14:00:00.000Z']);
  });

  it('are never closer to now than a minute', () => {
    expect(first(campaign(), '2026-11-24T13:59:30.000Z', 1)).toEqual(['2026-11-25T14:00:00.000Z']);
  });

  it('give the first free one', () => {
    const taken = new Set(['2026-11-25T14:00:00.000Z']);
    expect(
      nextFreeSlot(campaign(), new Date('2026-11-24T15:00:00.000Z'), (slot) =>
        taken.has(slot.toISOString()),
      )?.toISOString(),
    ).toBe('2026-11-26T14:00:00.000Z');
  });
});

describe('slotText', () => {
  it('reads a slot in the campaign’s zone', () => {
    expect(slotText('2026-11-25T14:00:00.000Z', 'America/New_York')).toBe(
      'Wed, Nov 25 at 9:00 AM, New York time',
    );
    expect(slotText('2026-11-24T20:00:00.000Z', 'Pacific/Tongatapu')).toBe(
      'Wed, Nov 25 at 9:00 AM, Tongatapu time',
    );
  });
});
