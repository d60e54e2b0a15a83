import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';

/**
 * The sandbox scheduler's schedules, kept in `<dataDir>/schedules.json` across restarts. Every
 * change rewrites the whole file atomically (a temporary file renamed over it), one write at a
 * time, so a crash leaves either the old list or the new one.
 */

export const runRecordSchema = z.object({
  at: z.string(),
  trigger: z.enum(['timer', 'manual']),
  outcome: z.enum(['done', 'duplicate', 'failed']),
  error: z.string().optional(),
});

export const scheduleViewSchema = z.object({
  name: z.string(),
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

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const createScheduleStore = (dataDir: string): ScheduleStore => {
  const path = join(dataDir, 'schedules.json');
  let writing: Promise<void> = Promise.resolve();

  return {
    path,
    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const parsed = fileSchema.safeParse(parseJson(text));
      if (parsed.success) return parsed.data.schedules;
      // A hand-edited or foreign file must not keep the sandbox from starting; it is kept aside.
      const aside = `${path}.unreadable-${Date.now()}`;
      await rename(path, aside);
      console.warn(
        `[sandbox] ${path} is not a list of schedules; it was moved to ${aside} and the sandbox starts without schedules.`,
      );
      return [];
    },
    save(schedules) {
      const text = `${JSON.stringify({ schedules }, null, 2)}\n`;
      const write = async () => {
        const temporary = `${path}.${process.pid}.tmp`;
        await writeFile(temporary, text);
        await rename(temporary, path);
      };
      writing = writing.then(write, write);
      return writing;
    },
  };
};
