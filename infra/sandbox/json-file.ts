import { readFile, rename, writeFile } from 'node:fs/promises';
import type * as z from 'zod';

export interface JsonFile<T> {
  /** The file's value; undefined when there is none yet, or it was unreadable (moved aside). */
  read(): Promise<T | undefined>;
  /**
   * Rewrites the whole file atomically, one write at a time; resolves once this value (or a later
   * one) is on disk.
   */
  write(value: T): Promise<void>;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * A sandbox service's state in one JSON file of its data folder, kept across restarts. Each write
 * goes to a temporary file renamed over the old one, after the write before it, so a crash leaves
 * either the old state or the new. Writes asked for while one is under way are folded into the
 * next (the latest value wins): thousands of schedules firing at one instant rewrite the file a
 * few times, not once each — each whole-file rewrite costs as much as the file is large. A hand-edited or foreign file must not keep the sandbox from
 * starting: it is moved aside (`<file>.unreadable-<time>`) with a warning, and the service starts
 * empty.
 */
export const jsonFile = <Schema extends z.ZodType>(
  path: string,
  schema: Schema,
): JsonFile<z.infer<Schema>> => {
  let writing: Promise<void> = Promise.resolve();
  /** The next write, not yet started: a newer value replaces its value. */
  let next: { value: z.infer<Schema>; done: Promise<void> } | undefined;
  return {
    async read() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      const parsed = schema.safeParse(parseJson(text));
      if (parsed.success) return parsed.data;
      const aside = `${path}.unreadable-${Date.now()}`;
      await rename(path, aside);
      console.warn(`[sandbox] ${path} could not be read; it was moved to ${aside}.`);
      return undefined;
    },
    write(value) {
      if (next) {
        next.value = value;
        return next.done;
      }
      const write = async () => {
        const { value: latest } = pending;
        next = undefined;
        const temporary = `${path}.${process.pid}.tmp`;
        await writeFile(temporary, `${JSON.stringify(latest, null, 2)}\n`);
        await rename(temporary, path);
      };
      const pending = { value, done: writing.then(write, write) };
      next = pending;
      writing = pending.done;
      return pending.done;
    },
  };
};
