import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { withEnvironment } from '#functions/core/environment';
import { sandboxScheduler } from './sandbox-scheduler';
import { ScheduleExistsError, type OneTimeSchedule } from './scheduler';

/** The sandbox scheduler against a fake of the sandbox events service's JSON API. */
describe('sandbox scheduler', () => {
  let fake: FakeHttpService;
  let environment: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeHttpService(() => ({ status: 201, body: {} }));
    environment = { SANDBOX: 'true', SANDBOX_URL: fake.origin };
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });
  afterAll(() => fake.close());

  const schedule: OneTimeSchedule = {
    name: 'post-9.attempt_1',
    job: 'company-cleanup',
    at: new Date('2026-03-01T14:30:00Z'),
    timeZone: 'America/New_York',
    payload: { companyId: 'c-1' },
  };
  const scheduled = {
    job: 'company-cleanup',
    at: '2026-03-01T14:30:00.000Z',
    timeZone: 'America/New_York',
    payload: { companyId: 'c-1' },
  };

  it('creates, moves and deletes schedules through the events service', async () => {
    fake.answer = (request) => ({
      status: { POST: 201, PUT: 200, DELETE: 204 }[request.method] ?? 500,
      body: request.method === 'DELETE' ? undefined : {},
    });
    await withEnvironment(environment, async () => {
      await sandboxScheduler.create(schedule);
      await sandboxScheduler.update({ ...schedule, at: new Date('2026-03-02T14:30:00Z') });
      await sandboxScheduler.delete(schedule.name);
    });
    expect(fake.requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: '/_sandbox/api/schedules',
        body: { name: 'post-9.attempt_1', ...scheduled },
      },
      {
        method: 'PUT',
        url: '/_sandbox/api/schedules/post-9.attempt_1',
        body: { ...scheduled, at: '2026-03-02T14:30:00.000Z' },
      },
      { method: 'DELETE', url: '/_sandbox/api/schedules/post-9.attempt_1', body: '' },
    ]);
  });

  it('sends the description with the schedule', async () => {
    fake.answer = () => ({ status: 201, body: {} });
    const description = "Publish X post 'Fresh sourdough…' of Spring loaves, Fri 9:00 AM";
    await withEnvironment(environment, async () => {
      await sandboxScheduler.create({ ...schedule, description });
      await sandboxScheduler.update({ ...schedule, description });
    });
    expect(fake.requests.map(({ body }) => body)).toEqual([
      { name: 'post-9.attempt_1', description, ...scheduled },
      { description, ...scheduled },
    ]);
  });

  it('refuses a taken name, ignores deleting a missing schedule, and reports other failures', async () => {
    fake.answer = () => ({ status: 409, body: { message: 'exists' } });
    await expect(
      withEnvironment(environment, () => sandboxScheduler.create(schedule)),
    ).rejects.toBeInstanceOf(ScheduleExistsError);

    fake.answer = () => ({ status: 404, body: { message: 'missing' } });
    await expect(
      withEnvironment(environment, () => sandboxScheduler.delete(schedule.name)),
    ).resolves.toBeUndefined();

    fake.answer = () => ({ status: 400, body: { message: 'unknown job' } });
    await expect(
      withEnvironment(environment, () => sandboxScheduler.update(schedule)),
    ).rejects.toThrow(/400.*unknown job/);
  });
});
