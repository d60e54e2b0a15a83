import { RECURRING_JOBS } from '#functions/catalogue';
import { eventsRoutes } from './events-api';
import type { Events, ScheduleInput } from './events-service';
import { recurringEvent, type JobRunner, type RunOutcome } from './job-runner';
import type { MorningCompany } from './morning-companies';
import {
  createScheduleStore,
  type RunRecord,
  type RunTrigger,
  type ScheduleView,
} from './schedule-store';
import { schedulesPanel } from './schedules-panel';

/**
 * The events service: what EventBridge Scheduler and the jobs stack do in AWS. One-time schedules
 * (kept in the data folder across restarts) fire their job with their payload when due — overdue
 * ones at start —, and stay listed afterwards with each run's outcome; recurring jobs run on
 * timers, the first run one interval after start. Schedules and jobs can also be run at once, by
 * name, from `/_sandbox` and the JSON API. Where EventBridge would retry a failed run and then
 * give up to the dead-letter queue, the sandbox records the failure; Run now delivers it again.
 */

export interface EventsOptions {
  dataDir: string;
  runner: JobRunner;
  /** Jobs run every N minutes. Defaults to `RECURRING_JOBS`. */
  recurring?: Readonly<Partial<Record<string, { everyMinutes: number }>>>;
  /** The companies Morning now offers, newest first. Defaults to none. */
  morningCompanies?: () => Promise<readonly MorningCompany[]>;
}

/** setTimeout's longest delay (about 24.8 days); later schedules are re-armed on the way. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** How many runs each schedule remembers. */
const MAX_RUNS = 20;
/** How long stop() waits for runs under way. */
const STOP_GRACE_MS = 10_000;

/** The line a job's answer says of its run (`result.summary`), if it says one. */
const summaryOf = (outcome: RunOutcome): string | undefined => {
  const result = outcome.status === 'done' ? outcome.result : undefined;
  const summary = (result as { summary?: unknown } | null | undefined)?.summary;
  return typeof summary === 'string' ? summary : undefined;
};

const runRecord = (trigger: RunTrigger, at: Date, outcome: RunOutcome): RunRecord => {
  const summary = summaryOf(outcome);
  return {
    at: at.toISOString(),
    trigger,
    outcome: outcome.status,
    ...(outcome.status === 'failed' ? { error: outcome.error } : {}),
    ...(summary ? { summary } : {}),
  };
};

export const startEvents = async (options: EventsOptions): Promise<Events> => {
  const { runner } = options;
  const store = createScheduleStore(options.dataDir);
  const byName = new Map<string, ScheduleView>();
  const timers = new Map<string, NodeJS.Timeout>();
  const intervals: NodeJS.Timeout[] = [];
  const lastRuns = new Map<string, RunRecord>();
  const underWay = new Set<Promise<unknown>>();
  let stopped = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    underWay.add(promise);
    void promise.finally(() => underWay.delete(promise)).catch(() => undefined);
    return promise;
  };
  const copy = (schedule: ScheduleView): ScheduleView => structuredClone(schedule);
  const list = (): ScheduleView[] =>
    [...byName.values()].sort((a, b) => a.at.localeCompare(b.at) || a.name.localeCompare(b.name));
  const persist = () => track(store.save(list()));

  const disarm = (name: string) => {
    clearTimeout(timers.get(name));
    timers.delete(name);
  };

  const arm = (name: string) => {
    disarm(name);
    const schedule = byName.get(name);
    if (stopped || schedule?.state !== 'pending') return;
    const delay = Date.parse(schedule.at) - Date.now();
    const timer = setTimeout(
      () => (Date.parse(schedule.at) > Date.now() ? arm(name) : void fire(name, 'timer')),
      Math.min(Math.max(0, delay), MAX_DELAY_MS),
    );
    timer.unref();
    timers.set(name, timer);
  };

  let runningJobs = 0;
  const runJob = (job: string, event: unknown, trigger: RunTrigger = 'manual') =>
    track(
      (async () => {
        const started = new Date();
        runningJobs += 1;
        try {
          const outcome = await runner.run(job, event);
          lastRuns.set(job, runRecord(trigger, started, outcome));
          return outcome;
        } finally {
          runningJobs -= 1;
        }
      })(),
    );

  const fire = async (name: string, trigger: RunTrigger): Promise<RunOutcome | 'missing'> => {
    const schedule = byName.get(name);
    if (!schedule) return 'missing';
    disarm(name);
    const started = new Date();
    const outcome = await runJob(schedule.job, schedule.payload, trigger);
    // Deleted or moved while it ran: the run belonged to a schedule that is gone.
    if (byName.get(name) !== schedule) return outcome;
    schedule.runs = [...schedule.runs, runRecord(trigger, started, outcome)].slice(-MAX_RUNS);
    schedule.state = outcome.status === 'failed' ? 'failed' : 'fired';
    await persist();
    return outcome;
  };

  /** A pending schedule at the input's time; `previous` passes on its history (a moved schedule). */
  const replace = async (input: ScheduleInput, previous?: ScheduleView): Promise<ScheduleView> => {
    const schedule: ScheduleView = {
      ...input,
      state: 'pending',
      createdAt: previous?.createdAt ?? new Date().toISOString(),
      runs: previous?.runs ?? [],
    };
    byName.set(input.name, schedule);
    arm(input.name);
    await persist();
    return copy(schedule);
  };

  for (const schedule of await store.load()) byName.set(schedule.name, schedule);
  for (const name of byName.keys()) arm(name);

  const recurring: Readonly<Partial<Record<string, { everyMinutes: number }>>> =
    options.recurring ?? RECURRING_JOBS;
  for (const [job, { everyMinutes } = { everyMinutes: 0 }] of Object.entries(recurring)) {
    if (!everyMinutes) continue;
    const interval = setInterval(
      () => void runJob(job, recurringEvent(), 'timer'),
      everyMinutes * 60_000,
    );
    interval.unref();
    intervals.push(interval);
  }

  /** The page still shows the schedules when the companies cannot be read: it says why instead. */
  const morningCompanies = async (): Promise<readonly MorningCompany[] | { error: string }> => {
    try {
      return (await options.morningCompanies?.()) ?? [];
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };

  const events: Events = {
    jobs: () =>
      runner.names().map((name) => {
        const everyMinutes = recurring[name]?.everyMinutes;
        const lastRun = lastRuns.get(name);
        return {
          name,
          ...(everyMinutes ? { everyMinutes } : {}),
          ...(lastRun ? { lastRun } : {}),
        };
      }),
    hasJob: (job) => runner.has(job),
    schedules: () => list().map(copy),
    async create(input) {
      if (byName.get(input.name)?.state === 'pending') return 'exists';
      return replace(input);
    },
    put: (input) => replace(input, byName.get(input.name)),
    async remove(name) {
      if (!byName.has(name)) return 'missing';
      disarm(name);
      byName.delete(name);
      await persist();
      return 'removed';
    },
    runSchedule: (name) => fire(name, 'manual'),
    runJob,
    running: () => runningJobs,
    panel: async ({ returnTo }) =>
      schedulesPanel({
        schedules: list(),
        recurring: events.jobs().filter((job) => job.everyMinutes !== undefined),
        morningCompanies: await morningCompanies(),
        returnTo,
      }),
    routes: [],
    async stop() {
      stopped = true;
      for (const name of [...timers.keys()]) disarm(name);
      for (const interval of intervals.splice(0)) clearInterval(interval);
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)));
      await Promise.race([Promise.allSettled([...underWay]), grace]);
      clearTimeout(timer);
    },
  };
  events.routes = eventsRoutes(events);
  return events;
};
