import { Duration, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINT_GROUP_DECLARATIONS,
  JOB_DECLARATIONS,
  RECURRING_JOBS,
  type RecurringJob,
} from '#functions/catalogue';
import { JOB_NAMES, type JobName } from '#functions/core/jobs/names';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import { AppTemplates, compareGrants, type Grant } from './declared-grants';
import { buildTestApp, resourcesOfType } from './support';

/** The logical id of an L2 construct's resource in its stack. */
const idOf = (construct: IConstruct): string =>
  Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

/** CDK's AwsCustomResource singleton (the SMS spend limit), not a job. */
const CUSTOM_RESOURCE_HANDLER = 'AWS679f53fac002430cb0da5b7982bd2287';

describe('jobs stack', () => {
  let built: SailpostApp;
  let jobs: Template;
  let templates: AppTemplates;

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev' });
    jobs = Template.fromStack(built.jobs);
    templates = new AppTemplates(built);
  });

  it('creates the stage schedule group', () => {
    jobs.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'sailpost-dev' });
  });

  it('has a role only EventBridge Scheduler (this account, this group) can assume', () => {
    jobs.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: 'sts:AssumeRole',
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: Match.objectLike({
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
              ArnLike: { 'aws:SourceArn': Match.anyValue() },
            }),
          }),
        ],
      },
    });
    // (CDK's deploy-time custom-resource handler, which sets the SMS spend limit, keeps its own.)
    for (const [id, role] of Object.entries(resourcesOfType(jobs, 'AWS::IAM::Role'))) {
      if (id.startsWith(CUSTOM_RESOURCE_HANDLER)) continue;
      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
      expect(role.Properties?.Policies).toBeUndefined();
    }
  });

  it('lets the scheduler role invoke exactly the scheduled jobs and send to the DLQ', () => {
    const { jobs: stack } = built;
    const scheduled = new Set([
      ...(Object.keys(RECURRING_JOBS) as JobName[]),
      ...[
        ...Object.values(ENDPOINT_GROUP_DECLARATIONS),
        ...Object.values(JOB_DECLARATIONS),
      ].flatMap((declaration) => declaration.bindings.schedules ?? []),
    ]);
    const expected: Grant[] = [
      ...[...scheduled].flatMap((job) => {
        const fn = stack.functions.get(job)!.function;
        return [fn.functionArn, `${fn.functionArn}:*`].map((resource) => ({
          action: 'lambda:InvokeFunction',
          resource: templates.valueOf(stack, resource),
        }));
      }),
      {
        action: 'sqs:SendMessage',
        resource: templates.valueOf(stack, stack.deadLetterQueue.queueArn),
      },
    ];
    expect(compareGrants(templates.grantsOfRole(stack.schedulerRole), expected)).toEqual({
      unexplained: [],
      missing: [],
    });
  });

  it('runs each job in a function sized by its declaration, its failures kept in the DLQ', () => {
    const functions = resourcesOfType(jobs, 'AWS::Lambda::Function');
    expect(
      Object.keys(functions).filter((id) => !id.startsWith(CUSTOM_RESOURCE_HANDLER)),
    ).toHaveLength(JOB_NAMES.length);
    for (const job of JOB_NAMES) {
      const fn = built.jobs.functions.get(job)!;
      const properties = functions[idOf(fn.function)]?.Properties;
      const declaration = JOB_DECLARATIONS[job];
      expect(properties, job).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs22.x',
        TracingConfig: { Mode: 'Active' },
        MemorySize: declaration.memoryMb ?? 512,
        Timeout: declaration.timeoutSeconds ?? 10,
        DeadLetterConfig: {
          TargetArn: { 'Fn::GetAtt': [idOf(built.jobs.deadLetterQueue), 'Arn'] },
        },
      });
    }
  });

  it('runs each recurring job on an EventBridge schedule in the stage group, retried, then the DLQ', () => {
    const schedules = Object.values(resourcesOfType(jobs, 'AWS::Scheduler::Schedule'));
    expect(schedules).toHaveLength(Object.keys(RECURRING_JOBS).length);
    for (const [job, { everyMinutes, atUtcHour }] of Object.entries(RECURRING_JOBS) as [
      JobName,
      RecurringJob,
    ][]) {
      const fnId = idOf(built.jobs.functions.get(job)!.function);
      const schedule = schedules.find(
        (candidate) =>
          JSON.stringify((candidate.Properties?.Target as { Arn: unknown }).Arn) ===
          JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
      );
      expect(schedule?.Properties, job).toMatchObject({
        GroupName: 'sailpost-dev',
        State: 'ENABLED',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ScheduleExpression:
          atUtcHour === undefined
            ? ScheduleExpression.rate(Duration.minutes(everyMinutes)).expressionString
            : `cron(0 ${atUtcHour} * * ? *)`,
        Target: {
          RoleArn: { 'Fn::GetAtt': [idOf(built.jobs.schedulerRole), 'Arn'] },
          DeadLetterConfig: {
            Arn: { 'Fn::GetAtt': [idOf(built.jobs.deadLetterQueue), 'Arn'] },
          },
          RetryPolicy: { MaximumRetryAttempts: 3 },
          // The tick's time is the job's idempotency key (the sandbox's timers send the same).
          Input: JSON.stringify({ time: '<aws.scheduler.scheduled-time>' }),
        },
      });
    }
  });

  it('has an encrypted, TLS-only dead-letter queue keeping messages 14 days', () => {
    jobs.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 60 * 60,
    });
    jobs.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('has the inbound-SMS topic, encrypted with a rotated key of its own and TLS-only', () => {
    const topic = resourcesOfType(jobs, 'AWS::SNS::Topic')[idOf(built.jobs.inboundSmsTopic)];
    // Not the AWS-managed SNS key: End User Messaging could not publish under it.
    const [keyId] = (topic?.Properties?.KmsMasterKeyId as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ];
    expect(resourcesOfType(jobs, 'AWS::KMS::Key')[keyId]?.Properties).toMatchObject({
      EnableKeyRotation: true,
    });
    jobs.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('delivers the inbound-SMS topic to the sms-inbound job, failures to the dead-letter queue', () => {
    const [topicId] = Object.keys(resourcesOfType(jobs, 'AWS::SNS::Topic')).filter((id) =>
      id.startsWith('InboundSmsTopic'),
    );
    const smsInbound = built.jobs.functions.get('sms-inbound')!.function;
    jobs.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topicId },
      Endpoint: { 'Fn::GetAtt': [idOf(smsInbound), 'Arn'] },
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue() },
    });
    jobs.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'sns.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [idOf(smsInbound), 'Arn'] },
      SourceArn: { Ref: topicId },
    });
  });

  it('outputs what later issues attach to', () => {
    for (const name of [
      'ScheduleGroupName',
      'SchedulerRoleArn',
      'DeadLetterQueueArn',
      'DeadLetterQueueUrl',
      'InboundSmsTopicArn',
      'SmsOriginationIdentityArn',
    ]) {
      jobs.hasOutput(name, {});
    }
  });
});
