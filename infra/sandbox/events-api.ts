import type { IncomingMessage, ServerResponse } from 'node:http';
import { TZDate } from '@date-fns/tz';
import { isValid } from 'date-fns';
import * as z from 'zod';
import type { Events } from './events-service';
import { errorMessage, readBody, redirect, sendJson, sendNoContent } from './responses';
import type { Route } from './service';

/**
 * The events service over HTTP. JSON for the sandbox's scheduler and job starter, scripts and
 * tests:
 *
 *   GET    /_sandbox/api/schedules               { schedules }
 *   POST   /_sandbox/api/schedules               { name, description?, job, at, timeZone, payload } → 201 { schedule }, 409
 *   PUT    /_sandbox/api/schedules/{name}        { description?, job, at, timeZone, payload } → 200 { schedule }
 *   DELETE /_sandbox/api/schedules/{name}        204, 404
 *   POST   /_sandbox/api/schedules/{name}/run    200 { outcome }, 404
 *   GET    /_sandbox/api/jobs                    { jobs, running } (running: job runs under way)
 *   POST   /_sandbox/api/jobs/{job}/run          the event → 200 { outcome }; ?async=true → 202 at once
 *
 * and the `/_sandbox` page's Run now forms (`POST /_sandbox/schedules/{name}/run`,
 * `POST /_sandbox/jobs/{job}/run`), which run, then send the browser back to the page.
 */

/** EventBridge Scheduler's rule for schedule names. */
const SCHEDULE_NAME = /^[0-9a-zA-Z\-_.]{1,64}$/;

const isTimeZone = (zone: string): boolean => {
  try {
    return isValid(new TZDate(Date.now(), zone));
  } catch {
    return false;
  }
};

const scheduleFields = {
  /** What the schedule does, in words (EventBridge's Description, at most 512 characters). */
  description: z.string().max(512).optional(),
  job: z.string().min(1),
  at: z.iso.datetime({ offset: true }).transform((at) => new Date(at).toISOString()),
  timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin'),
  payload: z.record(z.string(), z.unknown()),
};
const scheduleName = z.string().regex(SCHEDULE_NAME, 'must be 1-64 of 0-9 a-z A-Z - _ .');
const createBody = z.object({ name: scheduleName, ...scheduleFields });
const putBody = z.object(scheduleFields);

class BadRequest extends Error {}

const readJson = async (request: IncomingMessage): Promise<unknown> => {
  const text = await readBody(request);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest('The body is not JSON.');
  }
};

const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new BadRequest(
    parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`)
      .join('; '),
  );
};

/** The path below `prefix`, split and decoded: `/_sandbox/api/schedules/a/run` → ['a', 'run']. */
const segmentsBelow = (request: IncomingMessage, prefix: string): string[] =>
  new URL(request.url ?? '/', 'http://sandbox.local').pathname
    .slice(prefix.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));

const notFound = (response: ServerResponse, what: string) =>
  sendJson(response, 404, { message: `${what} not found.` });

const methodNotAllowed = (response: ServerResponse) =>
  sendJson(response, 405, { message: 'Method Not Allowed' });

/** Turns thrown BadRequests into 400s. */
const answering =
  (handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>) =>
  async (request: IncomingMessage, response: ServerResponse) => {
    try {
      await handle(request, response);
    } catch (error) {
      if (!(error instanceof BadRequest) && !(error instanceof URIError)) throw error;
      sendJson(response, 400, { message: errorMessage(error) });
    }
  };

/** Where a Run now form sends the browser back to: only the sandbox's own page. */
const returnTarget = (form: URLSearchParams): string => {
  const returnTo = form.get('returnTo') ?? '/_sandbox';
  const page = /^\/_sandbox(\?[^#]*)?$/.test(returnTo) ? returnTo : '/_sandbox';
  return `${page}#schedules`;
};

/**
 * The event a job's form runs it with: none, or the company typed into Morning now
 * (`daily-drafts` with `{ companyId }`: that company's morning, as if its hour had just come).
 */
const formEvent = (form: URLSearchParams): Record<string, string> => {
  const companyId = form.get('companyId')?.trim();
  return companyId ? { companyId } : {};
};

export const eventsRoutes = (events: Events): Route[] => {
  const schedulesPrefix = '/_sandbox/api/schedules';
  const jobsPrefix = '/_sandbox/api/jobs';

  const knownJob = <T extends { job: string }>(input: T): T => {
    if (!events.hasJob(input.job))
      throw new BadRequest(`job ${input.job} is not a job the sandbox knows.`);
    return input;
  };

  const schedulesApi = answering(async (request, response) => {
    const [name, action, ...rest] = segmentsBelow(request, schedulesPrefix);
    const method = request.method ?? 'GET';
    if (rest.length || (action !== undefined && action !== 'run')) {
      notFound(response, 'Route');
    } else if (name === undefined) {
      if (method === 'GET') sendJson(response, 200, { schedules: events.schedules() });
      else if (method === 'POST') {
        const input = knownJob(parse(createBody, await readJson(request)));
        const schedule = await events.create(input);
        if (schedule === 'exists')
          sendJson(response, 409, { message: `A pending schedule named ${input.name} exists.` });
        else sendJson(response, 201, { schedule });
      } else methodNotAllowed(response);
    } else if (action === 'run') {
      if (method !== 'POST') return methodNotAllowed(response);
      const outcome = await events.runSchedule(name);
      if (outcome === 'missing') notFound(response, `Schedule ${name}`);
      else sendJson(response, 200, { outcome });
    } else if (method === 'GET') {
      const schedule = events.schedules().find((candidate) => candidate.name === name);
      if (schedule) sendJson(response, 200, { schedule });
      else notFound(response, `Schedule ${name}`);
    } else if (method === 'PUT') {
      parse(scheduleName, name);
      const fields = knownJob(parse(putBody, await readJson(request)));
      sendJson(response, 200, { schedule: await events.put({ name, ...fields }) });
    } else if (method === 'DELETE') {
      if ((await events.remove(name)) === 'missing') notFound(response, `Schedule ${name}`);
      else sendNoContent(response);
    } else methodNotAllowed(response);
  });

  const jobsApi = answering(async (request, response) => {
    const [job, action, ...rest] = segmentsBelow(request, jobsPrefix);
    const method = request.method ?? 'GET';
    if (job === undefined && !action) {
      if (method !== 'GET') return methodNotAllowed(response);
      sendJson(response, 200, { jobs: events.jobs(), running: events.running() });
    } else if (job === undefined || action !== 'run' || rest.length) {
      notFound(response, 'Route');
    } else if (method !== 'POST') {
      methodNotAllowed(response);
    } else if (!events.hasJob(job)) {
      notFound(response, `Job ${job}`);
    } else {
      const event = await readJson(request);
      if (
        new URL(request.url ?? '/', 'http://sandbox.local').searchParams.get('async') === 'true'
      ) {
        // Like an asynchronous Lambda invocation: accepted at once, run in the background.
        void events.runJob(job, event);
        sendJson(response, 202, { job });
      } else {
        sendJson(response, 200, { outcome: await events.runJob(job, event) });
      }
    }
  });

  const runNowForm =
    (prefix: string, run: (name: string, form: URLSearchParams) => Promise<unknown>) =>
    async (request: IncomingMessage, response: ServerResponse) => {
      const [name, action, ...rest] = segmentsBelow(request, prefix);
      if (name === undefined || action !== 'run' || rest.length) return notFound(response, 'Route');
      if (request.method !== 'POST') return methodNotAllowed(response);
      const form = new URLSearchParams(await readBody(request));
      await run(name, form);
      redirect(response, returnTarget(form));
    };

  return [
    { prefix: schedulesPrefix, name: 'the events service', handle: schedulesApi },
    { prefix: jobsPrefix, name: 'the events service', handle: jobsApi },
    {
      prefix: '/_sandbox/schedules',
      name: 'the events service',
      handle: answering(runNowForm('/_sandbox/schedules', (name) => events.runSchedule(name))),
    },
    {
      prefix: '/_sandbox/jobs',
      name: 'the events service',
      handle: answering(
        runNowForm('/_sandbox/jobs', async (job, form) => {
          if (events.hasJob(job)) await events.runJob(job, formEvent(form));
        }),
      ),
    },
  ];
};
