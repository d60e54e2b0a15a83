import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleGroup,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  ENDPOINT_GROUP_DECLARATIONS,
  JOB_DECLARATIONS,
  QUEUED_JOBS,
  RECURRING_JOBS,
  type QueuedJob,
  type RecurringJob,
} from '#functions/catalogue';
import { JOB_NAMES, type JobName } from '#functions/core/jobs/names';
import { InboundSmsTopic } from '../constructs/inbound-sms-topic';
import type { BindingTargets } from '../constructs/function-bindings';
import { jobEntryOf } from '../constructs/function-bundling';
import { SailpostFunction } from '../constructs/sailpost-function';
import { SmsOrigination, type SmsSendingIdentity } from '../constructs/sms-origination';
import { SmsSpendGuard } from '../constructs/sms-spend-guard';
import { acknowledge, nagReference } from '../constructs/nag';
import type { StageConfig } from '../constructs/stage';

export interface JobsStackProps extends StackProps {
  readonly stage: StageConfig;
  /** What bindings resolve to outside this stack: the data stack's resources and the context. */
  readonly targets: Omit<
    BindingTargets,
    'schedulerRole' | 'deadLetterQueue' | 'jobFunction' | 'jobQueue' | 'sms'
  >;
  readonly sms: {
    /** The account's monthly text spend limit (whole USD). */
    readonly monthlySpendLimitUsd: number;
    /** Who hears the SMS alarms. */
    readonly operatorsEmail?: string;
    /** The phone number or pool texts are sent from (context `smsOriginationIdentity`). */
    readonly originationIdentityArn?: string;
    /** Its opt-out list (context `smsOptOutList`). */
    readonly optOutListName: string;
  };
}

/** Jobs that some function (endpoint group or job) creates one-time schedules for. */
const jobsScheduledOnce = (): Set<JobName> =>
  new Set(
    [...Object.values(ENDPOINT_GROUP_DECLARATIONS), ...Object.values(JOB_DECLARATIONS)].flatMap(
      (declaration) => declaration.bindings.schedules ?? [],
    ),
  );

/**
 * The background jobs: one function per job (functions/catalogue.ts, built from its declaration),
 * the recurring ones as EventBridge Scheduler schedules, the schedule group one-time schedules go
 * into, the role the scheduler assumes to fire them, the dead-letter queue for what cannot be
 * delivered or keeps failing, the topic inbound SMS replies arrive on and the identity texts are
 * sent from.
 */
export class JobsStack extends Stack {
  readonly scheduleGroup: ScheduleGroup;
  readonly schedulerRole: Role;
  readonly deadLetterQueue: Queue;
  readonly inboundSmsTopic: Topic;
  /** The phone number or pool texts are sent from, and its opt-out list. */
  readonly smsSendingIdentity: SmsSendingIdentity;
  /** Where the sending identity comes from: the stage's context, or a simulator number made here. */
  readonly smsOrigination: SmsOrigination;
  readonly smsSpendGuard: SmsSpendGuard;
  readonly functions: ReadonlyMap<JobName, SailpostFunction>;
  /** Each queued job's queue and dead-letter queue (`QUEUED_JOBS`). */
  readonly jobQueues: ReadonlyMap<JobName, { queue: Queue; deadLetters: Queue }>;
  private readonly jobFunctions = new Map<JobName, SailpostFunction>();
  private readonly stage: StageConfig;
  /** What every function's bindings resolve to: the data stack's resources and these jobs. */
  readonly bindingTargets: BindingTargets;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.stage = stage;
    this.functions = this.jobFunctions;

    this.scheduleGroup = new ScheduleGroup(this, 'ScheduleGroup', {
      scheduleGroupName: stage.scheduleGroupName,
      removalPolicy: stage.removalPolicy,
    });

    // May invoke exactly the jobs that are scheduled (below) and send to the DLQ. Only schedules
    // of this account's schedule group may assume it (confused-deputy protection).
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      description: `Sailpost ${stage.name}: assumed by EventBridge Scheduler to invoke job targets`,
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com').withConditions({
        StringEquals: { 'aws:SourceAccount': this.account },
        ArnLike: {
          'aws:SourceArn': this.formatArn({
            service: 'scheduler',
            resource: 'schedule',
            resourceName: `${stage.scheduleGroupName}/*`,
          }),
        },
      }),
    });

    this.deadLetterQueue = new Queue(this, 'SchedulerDeadLetterQueue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.deadLetterQueue,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter queue (of EventBridge Scheduler targets and of asynchronous job invocations); a DLQ of a DLQ has nothing to catch.',
    );

    const { monthlySpendLimitUsd, operatorsEmail, originationIdentityArn, optOutListName } =
      props.sms;
    this.inboundSmsTopic = new InboundSmsTopic(this, 'InboundSmsTopic', { stage }).topic;
    this.smsOrigination = new SmsOrigination(this, 'SmsOrigination', {
      stage,
      originationIdentityArn,
      optOutListName,
      inboundTopic: this.inboundSmsTopic,
    });
    this.smsSendingIdentity = this.smsOrigination.identity;

    this.smsSpendGuard = new SmsSpendGuard(this, 'SmsSpendGuard', {
      stage,
      monthlySpendLimitUsd,
      operatorsEmail,
    });

    const jobQueues = new Map<JobName, { queue: Queue; deadLetters: Queue }>();
    this.jobQueues = jobQueues;
    for (const [job, queued] of Object.entries(QUEUED_JOBS) as [JobName, QueuedJob][]) {
      jobQueues.set(job, this.addJobQueue(job, queued));
    }

    this.bindingTargets = {
      ...props.targets,
      sms: this.smsSendingIdentity,
      schedulerRole: this.schedulerRole,
      deadLetterQueue: this.deadLetterQueue,
      jobFunction: (job: JobName): IFunction => {
        const fn = this.jobFunctions.get(job);
        if (!fn) throw new Error(`The ${job} job has no function (yet)`);
        return fn.function;
      },
      jobQueue: (job: JobName) => {
        const queued = jobQueues.get(job);
        if (!queued) throw new Error(`The ${job} job has no queue (QUEUED_JOBS)`);
        return queued.queue;
      },
    };
    for (const job of JOB_NAMES) this.addJobFunction(job, []);

    // Each queued job takes its queue's items: as many at once as the stage's limits allow, each
    // item reported done or failed on its own.
    for (const [job, queued] of Object.entries(QUEUED_JOBS) as [JobName, QueuedJob][]) {
      this.bindingTargets.jobFunction(job);
      this.jobFunctions.get(job)!.function.addEventSource(
        new SqsEventSource(jobQueues.get(job)!.queue, {
          batchSize: queued.batchSize,
          maxConcurrency: queued.maxConcurrency((bucket) => stage.throughput[bucket]),
          reportBatchItemFailures: true,
        }),
      );
    }

    // Text replies: End User Messaging publishes each to the topic; the sms-inbound job answers.
    // A delivery that keeps failing goes to the dead-letter queue like the other jobs' events.
    this.inboundSmsTopic.addSubscription(
      new LambdaSubscription(this.bindingTargets.jobFunction('sms-inbound'), {
        deadLetterQueue: this.deadLetterQueue,
      }),
    );

    const scheduledJobs = new Set([
      ...jobsScheduledOnce(),
      ...(Object.keys(RECURRING_JOBS) as JobName[]),
    ]);
    for (const job of scheduledJobs) this.allowSchedulerToInvoke(job);
    if (scheduledJobs.size > 0) {
      this.schedulerRole.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['sqs:SendMessage'],
          resources: [this.deadLetterQueue.queueArn],
        }),
      );
    }
    for (const [job, recurring] of Object.entries(RECURRING_JOBS) as [JobName, RecurringJob][]) {
      this.addRecurringSchedule(job, recurring);
    }

    new CfnOutput(this, 'ScheduleGroupName', { value: this.scheduleGroup.scheduleGroupName });
    new CfnOutput(this, 'SchedulerRoleArn', { value: this.schedulerRole.roleArn });
    new CfnOutput(this, 'DeadLetterQueueArn', { value: this.deadLetterQueue.queueArn });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: this.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'InboundSmsTopicArn', { value: this.inboundSmsTopic.topicArn });
    new CfnOutput(this, 'SmsOriginationIdentityArn', {
      value: this.smsSendingIdentity.originationIdentityArn,
    });
    new CfnOutput(this, 'OperatorAlarmsTopicArn', {
      value: this.smsSpendGuard.operatorsTopic.topicArn,
    });
  }

  /** A job's function, after the functions of the jobs it starts or schedules (it needs their ARNs). */
  private addJobFunction(job: JobName, startedBy: readonly JobName[]): void {
    if (this.jobFunctions.has(job)) return;
    if (startedBy.includes(job)) {
      throw new Error(
        `Jobs cannot start or schedule each other in a circle (${[...startedBy, job].join(' → ')}): a function cannot be given its own ARN; a job that continues itself uses context.invokedFunctionArn`,
      );
    }
    const declaration = JOB_DECLARATIONS[job];
    const { starts = [], schedules = [] } = declaration.bindings;
    // A job may schedule itself (a retry later): it learns its own ARN from its invocation.
    const others = [...starts, ...schedules.filter((next) => next !== job)];
    for (const next of others) this.addJobFunction(next, [...startedBy, job]);
    this.jobFunctions.set(
      job,
      new SailpostFunction(this, job, {
        title: `${job} job`,
        entry: jobEntryOf(job),
        declaration,
        targets: this.bindingTargets,
        failedInvocationQueue: this.deadLetterQueue,
        job,
      }),
    );
  }

  /**
   * A queued job's queue, and its dead-letter queue for the items that failed `maxReceiveCount`
   * times. An item is out of sight while the job works on it: six times the job's time-out, as
   * Lambda's event source asks, so a retry comes back after that.
   */
  private addJobQueue(job: JobName, queued: QueuedJob): { queue: Queue; deadLetters: Queue } {
    const deadLetters = new Queue(this, `${job}-dead-letters`, {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
      removalPolicy: this.stage.removalPolicy,
    });
    acknowledge(
      deadLetters,
      'AwsSolutions-SQS3',
      `This queue is itself the dead-letter queue of the ${job} job's queue; a DLQ of a DLQ has nothing to catch.`,
    );
    const queue = new Queue(this, `${job}-queue`, {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      visibilityTimeout: Duration.seconds(6 * (JOB_DECLARATIONS[job].timeoutSeconds ?? 10)),
      retentionPeriod: Duration.days(1),
      removalPolicy: this.stage.removalPolicy,
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: queued.maxReceiveCount },
    });
    new CfnOutput(this, `${job}-queue-url`, { value: queue.queueUrl });
    new CfnOutput(this, `${job}-dead-letters-url`, { value: deadLetters.queueUrl });
    return { queue, deadLetters };
  }

  private allowSchedulerToInvoke(job: JobName): void {
    const fn = this.bindingTargets.jobFunction(job);
    fn.grantInvoke(this.schedulerRole);
    acknowledge(
      this.schedulerRole,
      `AwsSolutions-IAM5[Resource::${nagReference(this.schedulerRole, fn, fn.functionArn)}:*]`,
      `lambda:InvokeFunction is granted on the ${job} job's function and its versions and aliases (the ":*" CDK's grantInvoke adds) - one function, no other.`,
    );
  }

  /** A recurring job: an EventBridge schedule in the stage's group, retried, then the DLQ. */
  private addRecurringSchedule(job: JobName, { everyMinutes, atUtcHour }: RecurringJob): void {
    if (atUtcHour !== undefined && everyMinutes !== 24 * 60) {
      throw new Error(`The ${job} job has an hour to run at, so it must run daily (1440 minutes)`);
    }
    new Schedule(this, `${job}-schedule`, {
      description:
        atUtcHour === undefined
          ? `Sailpost ${this.stage.name}: the ${job} job every ${everyMinutes} min`
          : `Sailpost ${this.stage.name}: the ${job} job daily at ${atUtcHour}:00 UTC`,
      scheduleGroup: this.scheduleGroup,
      schedule:
        atUtcHour === undefined
          ? ScheduleExpression.rate(Duration.minutes(everyMinutes))
          : ScheduleExpression.cron({ minute: '0', hour: String(atUtcHour) }),
      target: new LambdaInvoke(this.bindingTargets.jobFunction(job), {
        role: this.schedulerRole,
        deadLetterQueue: this.deadLetterQueue,
        retryAttempts: 3,
        // A delivery older than the interval is superseded by the next run.
        maxEventAge: Duration.minutes(Math.min(Math.max(everyMinutes, 1), 24 * 60)),
        // The tick's time, as the sandbox's timers pass it: the job's idempotency key, so a
        // redelivered tick runs once.
        input: ScheduleTargetInput.fromObject({ time: ContextAttribute.scheduledTime }),
      }),
    });
  }
}
