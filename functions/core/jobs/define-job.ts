import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import type * as z from 'zod';
import { jobArnVariable } from '../bindings';
import { correlationIdOfEvent, correlationIdOfWork, withCorrelationId } from '../correlation';
import { currentEnvironment, withEnvironment } from '../environment';
import { Invalid } from '../errors';
import { logger as baseLogger } from '../logger';
import { claimJobRun, completeJobRun, releaseJobRun } from './job-claim';
import type { JobName } from './names';

export type JobOutcome = { status: 'done'; result?: unknown } | { status: 'duplicate' };

/** Without a Lambda context (the sandbox, tests) a run is assumed to last at most Lambda's limit. */
const DEFAULT_LEASE_MS = 15 * 60 * 1000;
/** A run holds its claim a little past its own deadline, so a slow finish is never taken over. */
const LEASE_MARGIN_MS = 60 * 1000;

interface JobSpec<S extends z.ZodType> {
  name: JobName;
  event: S;
  idempotencyKey: (event: z.output<S>) => string;
  run: (event: z.output<S>, context: { logger: Logger }) => Promise<unknown>;
}

const leaseFor = (context?: Context): number => {
  const remaining = context?.getRemainingTimeInMillis?.();
  return (remaining && remaining > 0 ? remaining : DEFAULT_LEASE_MS) + LEASE_MARGIN_MS;
};

const invalidEvent = (job: JobName, error: z.ZodError): Invalid =>
  new Invalid(
    'VALIDATION_FAILED',
    `The ${job} job's event is invalid`,
    Object.fromEntries(
      error.issues.map((issue) => [issue.path.join('.') || '(event)', issue.message]),
    ),
  );

/**
 * The environment a run works in: its own, plus the job's own ARN when the function was not
 * given it. CloudFormation cannot give a function its own ARN (a self-reference), so a job that
 * schedules itself (the publisher's next attempt) learns it from its invocation; the scheduler
 * then finds it under the variable it reads for every job.
 */
const runEnvironment = (job: JobName, context?: Context) => {
  const environment = currentEnvironment();
  const variable = jobArnVariable(job);
  if (environment[variable] || !context?.invokedFunctionArn) return undefined;
  return { ...environment, [variable]: context.invokedFunctionArn };
};

/**
 * A background job's Lambda handler. Its deliverers (EventBridge Scheduler, asynchronous Lambda
 * invocations, the sandbox) deliver at least once, so the work is claimed first, by the key taken
 * from the event: a second delivery of the same key after success answers `duplicate` without
 * running, and so does one that arrives while another run holds the claim. A run that throws gives
 * the claim back and rethrows, so the deliverer's retry runs the work again; a run that crashed
 * (a timeout) is taken over once its lease has passed. The name is one of JOB_NAMES, so a job
 * the stacks and the sandbox do not know cannot be defined.
 */
export const defineJob =
  <S extends z.ZodType>(spec: JobSpec<S>) =>
  async (event: unknown, context?: Context): Promise<JobOutcome> => {
    const given = correlationIdOfEvent(event);
    return given
      ? withCorrelationId(given, () => runJob(spec, event, context, given))
      : runJob(spec, event, context);
  };

/**
 * One delivery: parse, claim, run. Without a correlation id from whoever started it (a recurring
 * timer's tick, an SNS message) the job begins a chain of its own, named by the job and its
 * idempotency key (for a timer: its tick's time), the same for every redelivery of that work.
 */
const runJob = async <S extends z.ZodType>(
  spec: JobSpec<S>,
  event: unknown,
  context: Context | undefined,
  correlationId?: string,
): Promise<JobOutcome> => {
  const logger = baseLogger.createChild();
  logger.appendKeys({ job: spec.name });
  if (context) logger.addContext(context);

  const parsed = spec.event.safeParse(event);
  if (!parsed.success) {
    const error = invalidEvent(spec.name, parsed.error);
    logger.error('Invalid job event', { fields: error.fields });
    throw error;
  }
  const key = spec.idempotencyKey(parsed.data);
  logger.appendKeys({ idempotencyKey: key });
  const claimAndRun = () => claimAndRunOnce(spec, parsed.data, key, logger, context);
  return correlationId
    ? claimAndRun()
    : withCorrelationId(correlationIdOfWork(spec.name, key), claimAndRun);
};

const claimAndRunOnce = async <S extends z.ZodType>(
  spec: JobSpec<S>,
  data: z.output<S>,
  key: string,
  logger: Logger,
  context: Context | undefined,
): Promise<JobOutcome> => {
  const outcome = await claimJobRun(spec.name, key, leaseFor(context));
  if (!outcome.claimed) {
    logger.info('Duplicate delivery: the work is already claimed', { claim: outcome.heldAs });
    return { status: 'duplicate' };
  }

  let result: unknown;
  try {
    const environment = runEnvironment(spec.name, context);
    const run = () => spec.run(data, { logger });
    result = await (environment ? withEnvironment(environment, run) : run());
  } catch (error) {
    logger.error('Job run failed; releasing its claim for a retry', error as Error);
    await releaseJobRun(outcome.claim).catch((releaseError: unknown) =>
      // The lease still ends the claim; the original failure is what the deliverer must see.
      logger.error('Could not release the claim', releaseError as Error),
    );
    throw error;
  }
  if (!(await completeJobRun(outcome.claim)))
    logger.warn('The claim was taken over while this run worked (its lease had passed)');
  logger.info('Job run done');
  return result === undefined ? { status: 'done' } : { status: 'done', result };
};
