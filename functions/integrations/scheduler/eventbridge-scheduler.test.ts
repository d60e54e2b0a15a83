import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { withCorrelationId } from '#functions/core/correlation';
import { withEnvironment } from '#functions/core/environment';
import { eventBridgeScheduler } from './eventbridge-scheduler';
import { ScheduleExistsError, type OneTimeSchedule } from './scheduler';

/** The real Scheduler SDK against a fake of the EventBridge Scheduler API. */
describe('EventBridge scheduler', () => {
  let fake: FakeHttpService;
  const saved = { ...process.env };
  let environment: Record<string, string>;
  const ok = () => ({ status: 200, body: { ScheduleArn: 'arn:aws:scheduler:::schedule/x' } });
  const awsError = (status: number, type: string) => ({
    status,
    headers: { 'x-amzn-errortype': type },
    body: { Message: `${type} from the fake` },
  });

  beforeAll(async () => {
    fake = await startFakeHttpService(ok);
    // The SDK reads credentials from process.env; everything else comes from the function's environment.
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
    environment = {
      AWS_REGION: 'eu-west-1',
      SCHEDULER_ENDPOINT: fake.origin,
      SCHEDULE_GROUP: 'sailpost-test',
      SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
      SCHEDULER_DLQ_ARN: 'arn:aws:sqs:eu-west-1:123456789012:jobs-dlq',
      JOB_COMPANY_CLEANUP_ARN: 'arn:aws:lambda:eu-west-1:123456789012:function:company-cleanup',
    };
  });

  beforeEach(() => {
    fake.requests.length = 0;
    fake.answer = ok;
  });

  afterAll(async () => {
    process.env = saved;
    await fake.close();
  });

  const inEnvironment = <T>(run: () => Promise<T>) => withEnvironment(environment, run);

  const schedule = (at: string, overrides: Partial<OneTimeSchedule> = {}): OneTimeSchedule => ({
    name: 'post-123-attempt-1',
    job: 'company-cleanup',
    at: new Date(at),
    timeZone: 'America/New_York',
    payload: { companyId: 'c-1', attempt: 1 },
    ...overrides,
  });

  it('creates a one-time schedule in local time of its zone that deletes itself and retries into the DLQ', async () => {
    await inEnvironment(() => eventBridgeScheduler.create(schedule('2026-03-01T14:30:00Z')));

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/schedules/post-123-attempt-1');
    expect(request!.headers.authorization).toMatch(
      /Credential=test\/\d{8}\/eu-west-1\/scheduler\//,
    );
    expect(request!.body).toMatchObject({
      GroupName: 'sailpost-test',
      ScheduleExpression: 'at(2026-03-01T09:30:00)',
      ScheduleExpressionTimezone: 'America/New_York',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: 'arn:aws:lambda:eu-west-1:123456789012:function:company-cleanup',
        RoleArn: 'arn:aws:iam::123456789012:role/scheduler',
        Input: JSON.stringify({ companyId: 'c-1', attempt: 1 }),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: 'arn:aws:sqs:eu-west-1:123456789012:jobs-dlq' },
      },
    });
  });

  it('gives the job the correlation id of the work that schedules it, in its input', async () => {
    await inEnvironment(() =>
      withCorrelationId('request-88', () =>
        eventBridgeScheduler.update(schedule('2026-03-01T14:30:00Z')),
      ),
    );
    const input = (fake.requests[0]!.body as { Target: { Input: string } }).Target.Input;
    expect(JSON.parse(input)).toEqual({
      companyId: 'c-1',
      attempt: 1,
      correlationId: 'request-88',
    });
  });

  it('gives the schedule its description, what it does in words (the console lists it), and none when it has none', async () => {
    const description = "Publish X post 'Fresh sourdough…' of Spring loaves, Fri 9:00 AM";
    await inEnvironment(async () => {
      await eventBridgeScheduler.create(schedule('2026-03-01T14:30:00Z', { description }));
      await eventBridgeScheduler.update(schedule('2026-03-01T14:30:00Z', { description }));
      await eventBridgeScheduler.create(schedule('2026-03-01T14:30:00Z'));
    });
    expect(
      fake.requests.map((request) => (request.body as { Description?: string }).Description),
    ).toEqual([description, description, undefined]);
  });

  it('writes the local time of the moment across daylight saving time and in other zones', async () => {
    await inEnvironment(async () => {
      await eventBridgeScheduler.create(schedule('2026-07-01T13:30:00Z'));
      await eventBridgeScheduler.create(
        schedule('2026-07-01T13:30:00Z', { timeZone: 'Asia/Kolkata' }),
      );
    });
    expect(fake.requests.map((request) => request.body)).toMatchObject([
      { ScheduleExpression: 'at(2026-07-01T09:30:00)' },
      { ScheduleExpression: 'at(2026-07-01T19:00:00)', ScheduleExpressionTimezone: 'Asia/Kolkata' },
    ]);
  });

  it('refuses to create over an existing schedule of the same name', async () => {
    fake.answer = () => awsError(409, 'ConflictException');
    await expect(
      inEnvironment(() => eventBridgeScheduler.create(schedule('2026-03-01T14:30:00Z'))),
    ).rejects.toBeInstanceOf(ScheduleExistsError);
  });

  it('updates a schedule in place, and creates it when it has already fired or never existed', async () => {
    await inEnvironment(() => eventBridgeScheduler.update(schedule('2026-03-02T14:30:00Z')));
    expect(fake.requests.map((request) => [request.method, request.url])).toEqual([
      ['PUT', '/schedules/post-123-attempt-1'],
    ]);
    expect(fake.requests[0]!.body).toMatchObject({
      ScheduleExpression: 'at(2026-03-02T09:30:00)',
      ActionAfterCompletion: 'DELETE',
      Target: { DeadLetterConfig: { Arn: environment.SCHEDULER_DLQ_ARN } },
    });

    fake.requests.length = 0;
    fake.answer = (request) =>
      request.method === 'PUT' ? awsError(404, 'ResourceNotFoundException') : ok();
    await inEnvironment(() => eventBridgeScheduler.update(schedule('2026-03-03T14:30:00Z')));
    expect(fake.requests.map((request) => [request.method, request.url])).toEqual([
      ['PUT', '/schedules/post-123-attempt-1'],
      ['POST', '/schedules/post-123-attempt-1'],
    ]);
    expect(fake.requests[1]!.body).toMatchObject({ ScheduleExpression: 'at(2026-03-03T09:30:00)' });
  });

  it('deletes from the group, treats a schedule already gone as deleted, and reports other failures', async () => {
    await inEnvironment(() => eventBridgeScheduler.delete('post-123-attempt-1'));
    expect(fake.requests[0]!.method).toBe('DELETE');
    expect(fake.requests[0]!.url).toMatch(
      /^\/schedules\/post-123-attempt-1\?.*groupName=sailpost-test/,
    );

    fake.answer = () => awsError(404, 'ResourceNotFoundException');
    await expect(
      inEnvironment(() => eventBridgeScheduler.delete('post-123-attempt-1')),
    ).resolves.toBeUndefined();

    fake.answer = () => awsError(400, 'ValidationException');
    await expect(
      inEnvironment(() => eventBridgeScheduler.delete('post-123-attempt-1')),
    ).rejects.toThrow('ValidationException from the fake');
  });

  it('names the missing variable when the function did not declare the scheduler binding', async () => {
    const { SCHEDULER_DLQ_ARN: _omitted, ...withoutDlq } = environment;
    await expect(
      withEnvironment(withoutDlq, () =>
        eventBridgeScheduler.create(schedule('2026-03-01T14:30:00Z')),
      ),
    ).rejects.toThrow('SCHEDULER_DLQ_ARN');
    expect(fake.requests).toEqual([]);
  });
});
