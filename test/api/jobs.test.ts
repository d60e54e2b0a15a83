import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { probeCounterKey } from '#test/support/jobs/probe/handler';

/**
 * The job path end to end through the sandbox's events service: a schedule fires the probe job
 * (test/support/jobs/probe) at its time, firing it again does not do the work twice, and jobs run
 * by name, waiting or in the background.
 */
const sandboxApi = `${inject('apiUrl')}/_sandbox/api`;

interface ScheduleView {
  name: string;
  job: string;
  at: string;
  timeZone: string;
  payload: Record<string, unknown>;
  state: 'pending' | 'fired' | 'failed';
  createdAt: string;
  runs: { at: string; trigger: string; outcome: string; error?: string }[];
}

const send = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${sandboxApi}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never };
};

const schedules = async (): Promise<ScheduleView[]> =>
  ((await send('GET', '/schedules')).body as { schedules: ScheduleView[] }).schedules;

const scheduleNamed = async (name: string) =>
  (await schedules()).find((schedule) => schedule.name === name);

const table = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: inject('dynamoDbEndpoint'),
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);
afterAll(() => table.destroy());

/** How many times the probe really did its work for `key`. */
const probeRuns = async (key: string): Promise<number> => {
  const { Item } = await table.send(
    new GetCommand({
      TableName: inject('tableName'),
      Key: probeCounterKey(key),
      ConsistentRead: true,
    }),
  );
  return (Item?.runs as number | undefined) ?? 0;
};

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

describe('one-time schedules', () => {
  it('fires the job at its time, and a second delivery does not do the work again', async () => {
    const key = unique('fire-twice');
    const name = `probe-${key}`;
    const created = await send('POST', '/schedules', {
      name,
      job: 'probe',
      at: inSeconds(1),
      timeZone: 'Europe/Berlin',
      payload: { key },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      schedule: { name, job: 'probe', timeZone: 'Europe/Berlin', payload: { key } },
    });

    expect(await scheduleNamed(name)).toMatchObject({ state: 'pending', runs: [] });
    expect(await probeRuns(key)).toBe(0);

    await expect
      .poll(async () => (await scheduleNamed(name))?.state, { timeout: 10_000 })
      .toBe('fired');
    expect((await scheduleNamed(name))?.runs).toMatchObject([
      { trigger: 'timer', outcome: 'done' },
    ]);
    expect(await probeRuns(key)).toBe(1);

    const again = await send('POST', `/schedules/${name}/run`);
    expect(again).toEqual({ status: 200, body: { outcome: { status: 'duplicate' } } });
    const fired = await scheduleNamed(name);
    expect(fired).toMatchObject({ state: 'fired' });
    expect(fired?.runs.map((run) => [run.trigger, run.outcome])).toEqual([
      ['timer', 'done'],
      ['manual', 'duplicate'],
    ]);
    expect(await probeRuns(key)).toBe(1);
  });

  it('refuses a second pending schedule of the same name, moves one and deletes one', async () => {
    const key = unique('lifecycle');
    const name = `probe-${key}`;
    const schedule = {
      name,
      job: 'probe',
      at: inSeconds(3600),
      timeZone: 'America/New_York',
      payload: { key },
    };
    expect((await send('POST', '/schedules', schedule)).status).toBe(201);
    expect((await send('POST', '/schedules', schedule)).status).toBe(409);

    const later = inSeconds(7200);
    const moved = await send('PUT', `/schedules/${name}`, {
      job: 'probe',
      at: later,
      timeZone: 'UTC',
      payload: { key, moved: true },
    });
    expect(moved.status).toBe(200);
    expect(await scheduleNamed(name)).toMatchObject({
      at: later,
      timeZone: 'UTC',
      payload: { key, moved: true },
      state: 'pending',
    });

    expect((await send('DELETE', `/schedules/${name}`)).status).toBe(204);
    expect(await scheduleNamed(name)).toBeUndefined();
    expect((await send('DELETE', `/schedules/${name}`)).status).toBe(404);
    expect((await send('POST', `/schedules/${name}/run`)).status).toBe(404);
    expect(await probeRuns(key)).toBe(0);
  });

  it('creates a missing schedule on PUT', async () => {
    const key = unique('put');
    const name = `probe-${key}`;
    const put = await send('PUT', `/schedules/${name}`, {
      job: 'probe',
      at: inSeconds(3600),
      timeZone: 'UTC',
      payload: { key },
    });
    expect(put.status).toBe(200);
    expect(await scheduleNamed(name)).toMatchObject({ state: 'pending' });
    await send('DELETE', `/schedules/${name}`);
  });

  it('records a failed run, and Run now delivers it again', async () => {
    const key = unique('fails');
    const name = `probe-${key}`;
    await send('POST', '/schedules', {
      name,
      job: 'probe',
      at: inSeconds(3600),
      timeZone: 'UTC',
      payload: { key, fail: true },
    });
    const run = await send('POST', `/schedules/${name}/run`);
    expect(run).toMatchObject({
      status: 200,
      body: { outcome: { status: 'failed', error: 'The probe was asked to fail.' } },
    });
    expect(await scheduleNamed(name)).toMatchObject({
      state: 'failed',
      runs: [{ trigger: 'manual', outcome: 'failed', error: 'The probe was asked to fail.' }],
    });
  });

  it('rejects what is not a schedule', async () => {
    const valid = { name: unique('bad'), job: 'probe', at: inSeconds(60), timeZone: 'UTC' };
    for (const body of [
      { ...valid, payload: {}, job: 'no-such-job' },
      { ...valid, payload: {}, timeZone: 'Mars/Olympus' },
      { ...valid, payload: {}, at: 'tomorrow' },
      { ...valid, payload: {}, name: 'spaces are not allowed' },
      { ...valid, payload: 'not an object' },
    ]) {
      const response = await send('POST', '/schedules', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toHaveProperty('message');
    }
    expect(await scheduleNamed(valid.name)).toBeUndefined();
  });
});

describe('running a job by name', () => {
  it('runs it and answers its outcome; the same event again is a duplicate', async () => {
    const key = unique('by-name');
    expect(await send('POST', '/jobs/probe/run', { key })).toEqual({
      status: 200,
      body: { outcome: { status: 'done', result: { runs: 1 } } },
    });
    expect(await send('POST', '/jobs/probe/run', { key })).toEqual({
      status: 200,
      body: { outcome: { status: 'duplicate' } },
    });
    expect(await probeRuns(key)).toBe(1);
  });

  it('starts it in the background with ?async=true', async () => {
    const key = unique('async');
    const started = await send('POST', '/jobs/probe/run?async=true', { key });
    expect(started.status).toBe(202);
    await expect.poll(() => probeRuns(key), { timeout: 10_000 }).toBe(1);
  });

  it('answers a failure as an outcome, 404 for an unknown job and 400 for a body that is not JSON', async () => {
    expect(await send('POST', '/jobs/probe/run', { key: unique('fail'), fail: true })).toEqual({
      status: 200,
      body: { outcome: { status: 'failed', error: 'The probe was asked to fail.' } },
    });
    expect((await send('POST', '/jobs/nothing/run', {})).status).toBe(404);
    const notJson = await fetch(`${sandboxApi}/jobs/probe/run`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
  });

  it('lists the jobs, the real ones and the probe, with the recurring ones’ interval', async () => {
    const { body } = await send('GET', '/jobs');
    const jobs = (body as { jobs: { name: string; everyMinutes?: number }[] }).jobs;
    expect(jobs.map((job) => job.name)).toEqual(
      expect.arrayContaining(['company-cleanup', 'sweeper', 'probe']),
    );
    expect(jobs.find((job) => job.name === 'sweeper')).toMatchObject({ everyMinutes: 60 });
  });
});
