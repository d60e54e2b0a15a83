import type { CreateScheduleCommandInput } from '@aws-sdk/client-scheduler';
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { jobArnVariable } from '#functions/core/bindings';
import { correlated } from '#functions/core/correlation';
import { lazyAsync } from '#functions/core/lazy';
import { currentEnvironment } from '#functions/core/environment';
import { ScheduleExistsError, type OneTimeSchedule, type Scheduler } from './scheduler';

/** EventBridge retries a failed delivery with backoff, then hands the event to the dead-letter queue. */
export const RETRY_POLICY = { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 60 * 60 };

const required = (name: string): string => {
  const value = currentEnvironment()[name];
  if (!value) throw new Error(`Missing configuration: ${name} (declare the scheduler binding)`);
  return value;
};

/**
 * The SDK is loaded when the first schedule is written, not imported at the top: esbuild hoists
 * a static import of an external package to the top of the bundle, and every request of the
 * function would pay for loading it at start.
 */
const sdk = lazyAsync(async () => {
  const scheduler = await import('@aws-sdk/client-scheduler');
  const environment = currentEnvironment();
  const client = new scheduler.SchedulerClient({
    region: environment.AWS_REGION ?? 'us-east-1',
    // Only the tests point this at a fake of the Scheduler API.
    ...(environment.SCHEDULER_ENDPOINT ? { endpoint: environment.SCHEDULER_ENDPOINT } : {}),
  });
  return { ...scheduler, client };
});

const hasName = (error: unknown, name: string) => (error as { name?: unknown }).name === name;

/** `at(2026-03-01T09:30:00)`: EventBridge reads it as local time in `ScheduleExpressionTimezone`. */
export const atExpression = (at: Date, timeZone: string): string =>
  `at(${format(at, "yyyy-MM-dd'T'HH:mm:ss", { in: tz(timeZone) })})`;

const scheduleInput = (schedule: OneTimeSchedule): CreateScheduleCommandInput => ({
  Name: schedule.name,
  ...(schedule.description ? { Description: schedule.description } : {}),
  GroupName: required('SCHEDULE_GROUP'),
  ScheduleExpression: atExpression(schedule.at, schedule.timeZone),
  ScheduleExpressionTimezone: schedule.timeZone,
  FlexibleTimeWindow: { Mode: 'OFF' },
  ActionAfterCompletion: 'DELETE',
  Target: {
    Arn: required(jobArnVariable(schedule.job)),
    RoleArn: required('SCHEDULER_ROLE_ARN'),
    Input: JSON.stringify(correlated(schedule.payload)),
    RetryPolicy: RETRY_POLICY,
    DeadLetterConfig: { Arn: required('SCHEDULER_DLQ_ARN') },
  },
});

/** One-time schedules in the stage's schedule group, invoking the job's Lambda directly. */
export const eventBridgeScheduler: Scheduler = {
  async create(schedule) {
    const input = scheduleInput(schedule);
    const { client, CreateScheduleCommand } = await sdk();
    try {
      await client.send(new CreateScheduleCommand(input));
    } catch (error) {
      if (hasName(error, 'ConflictException')) throw new ScheduleExistsError(schedule.name);
      throw error;
    }
  },

  async update(schedule) {
    const input = scheduleInput(schedule);
    const { client, CreateScheduleCommand, UpdateScheduleCommand } = await sdk();
    try {
      await client.send(new UpdateScheduleCommand(input));
    } catch (error) {
      // Fired and deleted (ActionAfterCompletion) or never made: the same as creating it.
      if (!hasName(error, 'ResourceNotFoundException')) throw error;
      await client.send(new CreateScheduleCommand(input));
    }
  },

  async delete(name) {
    const groupName = required('SCHEDULE_GROUP');
    const { client, DeleteScheduleCommand } = await sdk();
    try {
      await client.send(new DeleteScheduleCommand({ Name: name, GroupName: groupName }));
    } catch (error) {
      if (!hasName(error, 'ResourceNotFoundException')) throw error;
    }
  },
};
