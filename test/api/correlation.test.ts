import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './http';
import {
  newCampaign,
  newOwner,
  sandboxApi,
  seedPost,
  type PublishingOwner,
} from './publishing-support';

interface ScheduleView {
  job: string;
  payload: Record<string, unknown>;
}
const scheduleOf = async (contentId: string): Promise<ScheduleView | undefined> =>
  ((await (await sandboxApi('/schedules')).json()) as { schedules: ScheduleView[] }).schedules.find(
    (schedule) => schedule.payload.contentId === contentId,
  );

/**
 * The correlation id through the real gateway and the sandbox scheduler: the request's id
 * answered back, and carried by the job the request scheduled.
 */
describe('the correlation id of a request', () => {
  let owner: PublishingOwner;
  let campaignId: string;

  beforeAll(async () => {
    owner = await newOwner();
    campaignId = await newCampaign(owner);
  });

  const approve = async (headers: Record<string, string> = {}) => {
    const { event } = await seedPost(owner, campaignId, {
      status: 'draft',
      scheduledFor: undefined,
      publishAttempt: undefined,
    });
    const answer = await call(
      'POST',
      `/campaigns/${campaignId}/content/${event.contentId}/approve`,
      { token: owner.token, body: { status: 'approved' }, headers },
    );
    expect(answer.status).toBe(200);
    return { answer, schedule: await scheduleOf(event.contentId) };
  };

  it("is the caller's own, answered back and carried by the publish it scheduled", async () => {
    const id = `support-${randomUUID()}`;
    const { answer, schedule } = await approve({ 'x-correlation-id': id });
    expect(answer.headers.get('x-correlation-id')).toBe(id);
    expect(schedule).toMatchObject({ job: 'publisher', payload: { correlationId: id } });
  });

  it("is the gateway's request id when the caller sends none", async () => {
    const { answer, schedule } = await approve();
    const id = answer.headers.get('x-correlation-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(schedule?.payload.correlationId).toBe(id);
  });
});
