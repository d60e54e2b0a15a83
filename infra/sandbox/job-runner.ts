import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { JOB_DECLARATIONS } from '#functions/catalogue';
import type { FunctionDeclaration } from '#functions/core/bindings';
import { withEnvironment, type Environment } from '#functions/core/environment';
import { JOB_NAMES } from '#functions/core/jobs/names';
import { createContext } from './lambda-context';
import { repoRoot } from './lock';
import { errorMessage } from './responses';

/**
 * Runs jobs by name the way Lambda would: the job's `handler(event, context)` in this process,
 * inside the environment its declaration names, and answers its outcome — or `failed` with the
 * error's message, where Lambda would retry and then give up to the dead-letter queue.
 */

export interface JobEntry {
  /** Imports the job's module; its `handler` export is the entry point. */
  load: () => Promise<unknown>;
  declaration: FunctionDeclaration;
}

export type JobRegistry = Readonly<Record<string, JobEntry>>;

export type RunOutcome =
  | { status: 'done'; result?: unknown }
  | { status: 'duplicate' }
  | { status: 'failed'; error: string };

type JobHandler = (event: unknown, context: Context) => unknown;

export const jobHandlerPath = (job: string): string =>
  join(repoRoot, 'functions', 'jobs', job, 'handler.ts');

/** Every job of `JOB_NAMES`: `functions/jobs/<name>/handler.ts`, imported when first run. */
export const catalogueJobs = (): JobRegistry =>
  Object.fromEntries(
    JOB_NAMES.map((job) => [
      job,
      {
        load: () => import(/* @vite-ignore */ pathToFileURL(jobHandlerPath(job)).href),
        declaration: JOB_DECLARATIONS[job],
      },
    ]),
  );

/**
 * The event a recurring job gets from its timer: the tick's time, as EventBridge passes `time`
 * (different for every tick, so idempotency keyed on it lets a redelivered tick work once). Run
 * now sends `{}`: a run by hand always runs.
 */
export const recurringEvent = (now = new Date()): { time: string } => ({
  time: now.toISOString(),
});

/** What `defineJob` handlers answer. */
const jobOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), result: z.unknown().optional() }),
  z.object({ status: z.literal('duplicate') }),
]);

/** Lambda's default would be 3 s; a job without a declared time-out gets what endpoint groups get. */
const DEFAULT_TIMEOUT_SECONDS = 10;

export interface JobRunner {
  names(): string[];
  has(job: string): boolean;
  run(job: string, event: unknown): Promise<RunOutcome>;
  /**
   * Runs the job's handler as an event source would (the sandbox's queues): its answer as it is,
   * or the error it threw.
   */
  invoke(job: string, event: unknown): Promise<unknown>;
}

export const createJobRunner = (options: {
  jobs: JobRegistry;
  environmentOf: (job: string) => Environment;
}): JobRunner => {
  const handlers = new Map<string, Promise<JobHandler>>();
  const has = (job: string) => Object.hasOwn(options.jobs, job);

  const handlerOf = (job: string, entry: JobEntry): Promise<JobHandler> => {
    let loading = handlers.get(job);
    if (!loading) {
      loading = entry.load().then((module) => {
        const handler = (module as { handler?: unknown } | undefined)?.handler;
        if (typeof handler !== 'function')
          throw new Error(`The ${job} job's module does not export a "handler" function`);
        return handler as JobHandler;
      });
      handlers.set(job, loading);
      // A failed import is retried on the next run (the file may be fixed or written meanwhile).
      loading.catch(() => handlers.delete(job));
    }
    return loading;
  };

  const invoke = async (job: string, event: unknown): Promise<unknown> => {
    const entry = has(job) ? options.jobs[job] : undefined;
    if (!entry) throw new Error(`There is no job named ${job}.`);
    const environment = options.environmentOf(job);
    const timeoutMs = (entry.declaration.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
    const handler = await withEnvironment(environment, () => handlerOf(job, entry));
    const context = createContext(job, randomUUID(), timeoutMs);
    return withEnvironment(environment, () => handler(event, context));
  };

  return {
    names: () => Object.keys(options.jobs),
    has,
    invoke,
    async run(job, event) {
      if (!has(job)) return { status: 'failed', error: `There is no job named ${job}.` };
      try {
        const answer = await invoke(job, event);
        const outcome = jobOutcomeSchema.safeParse(answer);
        if (!outcome.success) {
          throw new Error(
            `The ${job} job answered ${JSON.stringify(answer)}, not { status: 'done' | 'duplicate' }`,
          );
        }
        return outcome.data;
      } catch (error) {
        // One line: a job's own logger has already written the details of a failed run.
        console.error(`[sandbox] the ${job} job failed: ${errorMessage(error)}`);
        return { status: 'failed', error: errorMessage(error) };
      }
    },
  };
};
