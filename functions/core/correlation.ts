import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

/**
 * The correlation id: one id for a request or a schedule's firing and for every job it causes, on
 * every log line of each (`correlationId`), so one log query finds the whole chain. A job started
 * or scheduled while one is current carries it in its event (`correlated`), and the job runs
 * under it again. Kept per invocation (not on the shared logger) because the sandbox runs every
 * function in one process, many at once.
 */
const scope = new AsyncLocalStorage<string>();

/** The request header a caller may send its own id in (the API answers it back in the same header). */
export const CORRELATION_HEADER = 'x-correlation-id';

/** The field of a job's event that carries the id. */
export const CORRELATION_FIELD = 'correlationId';

/**
 * What an id from outside may look like: it lands in log lines and in other jobs' events, so only
 * a short run of characters that cannot break a log line or a query.
 */
const ACCEPTED = /^[A-Za-z0-9][A-Za-z0-9._:@/+=#-]{0,127}$/;

/** The id a value gives, when it is one (a string of the accepted form), else undefined. */
export const acceptedCorrelationId = (value: unknown): string | undefined =>
  typeof value === 'string' && ACCEPTED.test(value) ? value : undefined;

/** The id of the work running now, if any. */
export const currentCorrelationId = (): string | undefined => scope.getStore();

/** Runs `run` (and all it starts, awaited or not) under the id. */
export const withCorrelationId = <T>(correlationId: string, run: () => T): T =>
  scope.run(correlationId, run);

/**
 * The event of a job started or scheduled now: with the current id, so the job logs it too. An
 * event that names its own id keeps it.
 */
export const correlated = <T extends Record<string, unknown>>(event: T): T => {
  const correlationId = currentCorrelationId();
  if (!correlationId || CORRELATION_FIELD in event) return event;
  return { ...event, [CORRELATION_FIELD]: correlationId };
};

/** The id a job's event carries (`correlated` put it there), if it carries a valid one. */
export const correlationIdOfEvent = (event: unknown): string | undefined =>
  typeof event === 'object' && event !== null
    ? acceptedCorrelationId((event as Record<string, unknown>)[CORRELATION_FIELD])
    : undefined;

/**
 * The id of work nobody handed an id to (a timer's tick, an SNS message): the job and its
 * idempotency key, the same for every redelivery, so one query finds them all. A key that would
 * not pass as an id (too long, odd characters) is replaced by its digest, so the jobs this one
 * starts still accept the id it hands them.
 */
export const correlationIdOfWork = (job: string, key: string): string =>
  acceptedCorrelationId(`${job}:${key}`) ??
  `${job}:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
