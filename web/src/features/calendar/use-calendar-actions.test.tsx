import { renderHook, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch } from '#web/test/fetch-mock';
import { makeContent, seedSession } from '#web/test/fixtures';
import { CALENDAR_TEXTS } from './calendar-texts';
import { useCalendarActions } from './use-calendar-actions';

const LA = 'America/Los_Angeles';
const SLOTS = 'GET /api/campaigns/k1/content/p1/slots';
const MOVE = 'POST /api/campaigns/k1/content/p1/schedule';

/** Wednesday, 9:00 AM in Los Angeles. */
const post = makeContent({
  _id: 'p1',
  status: 'scheduled',
  scheduledFor: '2026-11-25T17:00:00.000Z',
});

const dropWith = async (slots: string[], day: string) => {
  seedSession();
  const fetchMock = mockFetch({
    [SLOTS]: { body: { slots, timeZone: LA } },
    [MOVE]: { body: post },
  });
  const success = vi.spyOn(toast, 'success');
  const failure = vi.spyOn(toast, 'error');
  const { result } = renderHook(() => useCalendarActions('c1', LA));
  result.current.dropOn(post, day);
  await waitFor(() => expect(result.current.moving).toBeNull());
  await waitFor(() => expect(success.mock.calls.length + failure.mock.calls.length).toBe(1));
  return { fetchMock, success, failure };
};

afterEach(() => vi.restoreAllMocks());

describe('dropping a post on another day', () => {
  it('moves it to its own time on that day when that is a free slot', async () => {
    const { fetchMock, success } = await dropWith(
      ['2026-11-26T17:00:00.000Z', '2026-11-27T17:00:00.000Z'],
      '2026-11-27',
    );
    expect(bodiesSentTo(fetchMock, MOVE)).toEqual([{ scheduledFor: '2026-11-27T17:00:00.000Z' }]);
    expect(success).toHaveBeenCalledWith(
      CALENDAR_TEXTS.movedTo('Fri, Nov 27 at 9:00 AM, Los Angeles time'),
    );
  });

  it('moves it to the nearest free slot otherwise, and says so', async () => {
    const { fetchMock, success } = await dropWith(
      ['2026-11-26T17:00:00.000Z', '2026-11-28T01:30:00.000Z'],
      '2026-11-27',
    );
    expect(bodiesSentTo(fetchMock, MOVE)).toEqual([{ scheduledFor: '2026-11-28T01:30:00.000Z' }]);
    expect(success).toHaveBeenCalledWith(
      CALENDAR_TEXTS.movedNearest(
        'Fri, Nov 27 at 9:00 AM, Los Angeles time',
        'Fri, Nov 27 at 5:30 PM, Los Angeles time',
      ),
    );
  });

  it('moves nothing when its campaign has no free slot left', async () => {
    const { fetchMock, failure } = await dropWith([], '2026-11-27');
    expect(bodiesSentTo(fetchMock, MOVE)).toEqual([]);
    expect(failure).toHaveBeenCalledWith(CALENDAR_TEXTS.noFreeSlot);
  });
});
