import type { JobName } from '#functions/core/jobs/names';

/**
 * One-time schedules: "run this job with this payload at this moment". EventBridge Scheduler in
 * AWS (`at(...)` in the schedule's time zone, deleted after it fires, retried, then the jobs
 * stack's dead-letter queue); the sandbox scheduler locally. Both deliver at least once, so the
 * job must be safe to run twice with the same payload. `provider.ts` picks the implementation.
 */
export interface OneTimeSchedule {
  /** Unique within the stage, 1-64 characters of [0-9a-zA-Z-_.] (EventBridge's rule). */
  name: string;
  /**
   * What it does, for people listing schedules (at most 512 characters, EventBridge's rule): the
   * name has ids only.
   */
  description?: string;
  job: JobName;
  /** The moment it fires (stored and passed as a UTC instant). */
  at: Date;
  /** The IANA zone the owner thinks in; the schedule is written in it (`at(...)` is local time). */
  timeZone: string;
  /** The job's event, delivered as is. */
  payload: Record<string, unknown>;
}

export interface Scheduler {
  /** Fails with `ScheduleExistsError` when a schedule of that name exists. */
  create(schedule: OneTimeSchedule): Promise<void>;
  /** Moves or changes an existing schedule; creates it when it is gone. */
  update(schedule: OneTimeSchedule): Promise<void>;
  /** Removes it; a schedule that is already gone is not an error. */
  delete(name: string): Promise<void>;
}

/** `create` was asked for a name that is taken: the caller decides whether to `update` instead. */
export class ScheduleExistsError extends Error {
  constructor(readonly scheduleName: string) {
    super(`A schedule named ${scheduleName} already exists`);
    this.name = 'ScheduleExistsError';
  }
}
