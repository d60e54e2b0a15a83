import { join } from 'node:path';
import * as z from 'zod';
import { jsonFile } from './json-file';

/**
 * The sandbox scheduler's schedules, kept in `<dataDir>/schedules.json` across restarts
 * (json-file.ts: atomic rewrites, an unreadable file moved aside).
 */

export const runRecordSchema = z.object({
  at: z.string(),
  trigger: z.enum(['timer', 'manual']),
  outcome: z.enum(['done', 'duplicate', 'failed']),
  error: z.string().optional(),
  /** The line the job's answer says of the run (Morning now: what the morning did, or why not). */
  summary: z.string().optional(),
});

export const scheduleViewSchema = z.object({
  name: z.string(),
  /** What it does, in words, as the app described it; schedules kept before descriptions have none. */
  description: z.string().optional(),
  job: z.string(),
  /** ISO UTC instant. */
  at: z.string(),
  timeZone: z.string(),
  payload: z.record(z.string(), z.unknown()),
  state: z.enum(['pending', 'fired', 'failed']),
  createdAt: z.string(),
  runs: z.array(runRecordSchema),
});

export type RunRecord = z.infer<typeof runRecordSchema>;
export type RunTrigger = RunRecord['trigger'];
export type ScheduleView = z.infer<typeof scheduleViewSchema>;

const fileSchema = z.object({ schedules: z.array(scheduleViewSchema) });

export interface ScheduleStore {
  path: string;
  load(): Promise<ScheduleView[]>;
  save(schedules: readonly ScheduleView[]): Promise<void>;
}

export const createScheduleStore = (dataDir: string): ScheduleStore => {
  const path = join(dataDir, 'schedules.json');
  const file = jsonFile(path, fileSchema);
  return {
    path,
    load: async () => (await file.read())?.schedules ?? [],
    save: (schedules) => file.write({ schedules: [...schedules] }),
  };
};
