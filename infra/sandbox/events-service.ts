import type { InboxPanel } from './inbox';
import type { RunOutcome } from './job-runner';
import type { RunRecord, RunTrigger, ScheduleView } from './schedule-store';
import type { Service } from './service';

/**
 * What the events service (./events.ts: EventBridge Scheduler and the jobs stack, locally) offers
 * the sandbox's other parts: its JSON API and page (./events-api.ts, ./schedules-panel.ts) and
 * the sandbox phone (./sms-phone.ts) work against this shape, not the service's module, so none
 * of them imports the module that imports them.
 */

export interface ScheduleInput {
  name: string;
  /** What it does, in words (the schedule's description in EventBridge). */
  description?: string;
  job: string;
  /** ISO UTC instant. */
  at: string;
  timeZone: string;
  payload: Record<string, unknown>;
}

export interface JobView {
  name: string;
  /** Recurring jobs: how often the timer runs it. */
  everyMinutes?: number;
  /** Since the sandbox started, whatever started it. */
  lastRun?: RunRecord;
}

export interface Events extends Service {
  /** Every job that can run, recurring or not. */
  jobs(): JobView[];
  hasJob(job: string): boolean;
  /** Soonest first. */
  schedules(): ScheduleView[];
  /** `exists` while a pending schedule has the name (a fired one is replaced, as EventBridge deletes it). */
  create(input: ScheduleInput): Promise<ScheduleView | 'exists'>;
  /** Changes a schedule, or creates it; either way it is pending again at its (new) time. */
  put(input: ScheduleInput): Promise<ScheduleView>;
  remove(name: string): Promise<'removed' | 'missing'>;
  /** Fires it now: a pending schedule is delivered early, a past one delivered again. */
  runSchedule(name: string): Promise<RunOutcome | 'missing'>;
  runJob(job: string, event: unknown, trigger?: RunTrigger): Promise<RunOutcome>;
  /** Job runs under way now (background runs included), so scripts and tests can wait them out. */
  running(): number;
  /** The `/_sandbox` page's Schedules section. */
  panel: InboxPanel;
}
