import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEvents } from './events';
import type { Events, ScheduleInput } from './events-service';
import type { JobRunner, RunOutcome } from './job-runner';

const JOBS = ['probe', 'tick'];

/** A runner that records what it was asked to run and answers what `answer` says. */
const fakeRunner = (answer: (event: unknown) => RunOutcome = () => ({ status: 'done' })) => {
  const calls: { job: string; event: unknown }[] = [];
  const runner: JobRunner = {
    names: () => JOBS,
    has: (job) => JOBS.includes(job),
    invoke: () => Promise.reject(new Error('No queued job runs here')),
    run: async (job, event) => {
      calls.push({ job, event });
      return answer(event);
    },
  };
  return { calls, runner };
};

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const schedule = (name: string, at: string, payload = { key: name }): ScheduleInput => ({
  name,
  job: 'probe',
  at,
  timeZone: 'Europe/Berlin',
  payload,
});
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the events service', () => {
  let dataDir: string;
  const started: Events[] = [];
  const start = async (runner: JobRunner, recurring = {}) => {
    const events = await startEvents({ dataDir, runner, recurring });
    started.push(events);
    return events;
  };

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sailpost-events-'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const events of started.splice(0)) await events.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fires a schedule at its time with its payload, and keeps it listed as fired', async () => {
    const { calls, runner } = fakeRunner();
    const events = await start(runner);
    await events.create(schedule('soon', inMs(150)));
    expect(events.schedules()).toMatchObject([{ name: 'soon', state: 'pending', runs: [] }]);
    expect(calls).toEqual([]);

    await vi.waitFor(() => expect(events.schedules()[0]?.state).toBe('fired'));
    expect(calls).toEqual([{ job: 'probe', event: { key: 'soon' } }]);
    expect(events.schedules()[0]?.runs).toMatchObject([{ trigger: 'timer', outcome: 'done' }]);
  });

  it('keeps its schedules across a restart and fires the overdue ones at start', async () => {
    const first = fakeRunner();
    const before = await start(first.runner);
    await before.create(schedule('later', inMs(3_600_000)));
    await before.create(schedule('overdue', inMs(300)));
    await before.stop();
    const file = JSON.parse(readFileSync(join(dataDir, 'schedules.json'), 'utf8')) as {
      schedules: { name: string }[];
    };
    expect(file.schedules.map((saved) => saved.name)).toEqual(['overdue', 'later']);
    expect(readdirSync(dataDir)).toEqual(['schedules.json']); // no temporary file left behind

    await wait(400);
    expect(first.calls).toEqual([]); // a stopped service fires nothing
    const second = fakeRunner();
    const after = await start(second.runner);
    await vi.waitFor(() =>
      expect(after.schedules().find((saved) => saved.name === 'overdue')?.state).toBe('fired'),
    );
    expect(second.calls).toEqual([{ job: 'probe', event: { key: 'overdue' } }]);
    expect(after.schedules().find((saved) => saved.name === 'later')?.state).toBe('pending');
  });

  it("titles a schedule on its page by the app's description, kept across a restart, and offers Morning now's companies", async () => {
    const description = "Publish X post 'Fresh sourdough…' of Spring loaves, Fri 9:00 AM";
    const before = await start(fakeRunner().runner);
    await before.create({ ...schedule('publish-c1-1', inMs(3_600_000)), description });
    await before.stop();
    const after = await startEvents({
      dataDir,
      runner: fakeRunner().runner,
      recurring: { tick: { everyMinutes: 60 } },
      morningCompanies: async () => [
        { companyId: 'c-new', name: 'Harbor Coffee', createdAt: '2026-11-27T10:00:00.000Z' },
      ],
    });
    started.push(after);
    expect(after.schedules()[0]).toMatchObject({ name: 'publish-c1-1', description });
    const page = await after.panel({ returnTo: '/_sandbox' });
    expect(page).toContain(
      `</span>Publish X post &#39;Fresh sourdough…&#39; of Spring loaves, Fri 9:00 AM</div>`,
    );
    expect(page).not.toContain('<option');
    const morning = await startEvents({
      dataDir,
      runner: { ...fakeRunner().runner, names: () => ['daily-drafts'] },
      recurring: { 'daily-drafts': { everyMinutes: 60 } },
      morningCompanies: async () => [
        { companyId: 'c-new', name: 'Harbor Coffee', createdAt: '2026-11-27T10:00:00.000Z' },
      ],
    });
    started.push(morning);
    expect(await morning.panel({ returnTo: '/_sandbox' })).toContain(
      '<option value="c-new">Harbor Coffee · created 2026-11-27 10:00 UTC</option>',
    );
    const failing = await startEvents({
      dataDir,
      runner: { ...fakeRunner().runner, names: () => ['daily-drafts'] },
      recurring: { 'daily-drafts': { everyMinutes: 60 } },
      morningCompanies: () => Promise.reject(new Error('DynamoDB is away')),
    });
    started.push(failing);
    // The schedules still show; Morning now says why it has no list.
    const withoutList = await failing.panel({ returnTo: '/_sandbox' });
    expect(withoutList).toContain('data-schedule="publish-c1-1"');
    expect(withoutList).toContain('Morning now cannot list the companies: DynamoDB is away');
  });

  it('runs a schedule now, again after it fired, and records each delivery', async () => {
    let deliveries = 0;
    const { runner } = fakeRunner(() =>
      deliveries++ === 0 ? { status: 'done', result: 1 } : { status: 'duplicate' },
    );
    const events = await start(runner);
    await events.create(schedule('by-hand', inMs(3_600_000)));
    expect(await events.runSchedule('by-hand')).toEqual({ status: 'done', result: 1 });
    expect(await events.runSchedule('by-hand')).toEqual({ status: 'duplicate' });
    expect(events.schedules()[0]).toMatchObject({
      state: 'fired',
      runs: [
        { trigger: 'manual', outcome: 'done' },
        { trigger: 'manual', outcome: 'duplicate' },
      ],
    });
    expect(await events.runSchedule('nothing')).toBe('missing');
  });

  it('marks a schedule whose run failed as failed, with the error', async () => {
    const { runner } = fakeRunner(() => ({ status: 'failed', error: 'it broke' }));
    const events = await start(runner);
    await events.create(schedule('breaks', inMs(3_600_000)));
    await events.runSchedule('breaks');
    expect(events.schedules()[0]).toMatchObject({
      state: 'failed',
      runs: [{ outcome: 'failed', error: 'it broke' }],
    });
  });

  it('refuses a second pending schedule of one name, but replaces a fired one', async () => {
    const { runner } = fakeRunner();
    const events = await start(runner);
    expect(await events.create(schedule('once', inMs(3_600_000)))).toMatchObject({
      state: 'pending',
    });
    expect(await events.create(schedule('once', inMs(60_000)))).toBe('exists');
    await events.runSchedule('once');
    expect(await events.create(schedule('once', inMs(60_000)))).toMatchObject({
      state: 'pending',
      runs: [],
    });
  });

  it('moves a schedule (keeping its history) and deletes one, and neither fires at the old time', async () => {
    const { calls, runner } = fakeRunner();
    const events = await start(runner);
    await events.create(schedule('moved', inMs(100)));
    await events.create(schedule('deleted', inMs(100)));
    const later = inMs(3_600_000);
    expect(await events.put({ ...schedule('moved', later), timeZone: 'UTC' })).toMatchObject({
      at: later,
      timeZone: 'UTC',
      state: 'pending',
    });
    expect(await events.remove('deleted')).toBe('removed');
    expect(await events.remove('deleted')).toBe('missing');
    await wait(300);
    expect(calls).toEqual([]);
    expect(events.schedules().map((saved) => saved.name)).toEqual(['moved']);
  });

  it('runs recurring jobs on a timer, the first run one interval after start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { calls, runner } = fakeRunner();
    const events = await start(runner, { tick: { everyMinutes: 5 } });
    expect(events.jobs()).toEqual([{ name: 'probe' }, { name: 'tick', everyMinutes: 5 }]);

    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([{ job: 'tick', event: { time: expect.any(String) } }]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.event).not.toEqual(calls[1]!.event);
    expect(events.jobs()[1]).toMatchObject({ lastRun: { trigger: 'timer', outcome: 'done' } });
  });

  it("keeps the one line a job's answer says of its run with the run (Morning now: why nothing was sent)", async () => {
    const summary = 'Nothing was sent: the owner has no verified phone.';
    const { runner } = fakeRunner((event) =>
      (event as { say?: boolean }).say
        ? { status: 'done', result: { status: 'drafted', summary } }
        : { status: 'done', result: { status: 'drafted', summary: 42 } },
    );
    const events = await start(runner);
    await events.runJob('probe', { say: true });
    expect(events.jobs()[0]?.lastRun).toMatchObject({ outcome: 'done', summary });
    // A run that says nothing (or not a sentence) shows nothing stale.
    await events.runJob('probe', {});
    expect(events.jobs()[0]?.lastRun).not.toHaveProperty('summary');
  });

  it('moves an unreadable schedules file aside and starts empty', async () => {
    writeFileSync(join(dataDir, 'schedules.json'), '{ not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const events = await start(fakeRunner().runner);
    expect(events.schedules()).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(existsSync(join(dataDir, 'schedules.json'))).toBe(false);
    expect(readdirSync(dataDir)).toEqual([expect.stringMatching(/^schedules\.json\.unreadable-/)]);
  });
});
