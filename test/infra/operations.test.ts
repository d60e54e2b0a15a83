import { App, Duration, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { Topic, type CfnTopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import type { JobName } from '#functions/core/jobs/names';
import { stageConfig } from '#infra/constructs/stage';
import { deadLetterQueuesOf, StageOperations } from '#infra/constructs/stage-operations';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import { buildTestApp, nagFindings, resourcesOfType } from './support';

type Properties = Record<string, unknown>;

const alarmsByName = (template: Template): Map<string, Properties> =>
  new Map(
    Object.values(resourcesOfType(template, 'AWS::CloudWatch::Alarm')).map((alarm) => [
      alarm.Properties!.AlarmName as string,
      alarm.Properties!,
    ]),
  );

/** The operators' topic as the API stack (where the operations alarms are) imports it. */
const topicImport = (built: SailpostApp) => {
  const topic = built.jobs.smsSpendGuard.operatorsTopic;
  const id = Stack.of(topic).getLogicalId(topic.node.defaultChild as CfnTopic);
  return { 'Fn::ImportValue': expect.stringContaining(id) as unknown };
};

describe.each([
  ['dev', 'Dev'],
  ['prod', 'Prod'],
])('the %s stage’s alarms and dashboard', (stage, label) => {
  const built = buildTestApp({ stage });
  const api = Template.fromStack(built.api);
  const alarms = alarmsByName(api);

  it('rings the operators when anything lands in the jobs stack’s dead-letter queue', () => {
    const alarm = alarms.get(`Sailpost-${label}-DeadLetters-SchedulerDeadLetterQueue`);
    expect(alarm).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [topicImport(built)],
    });
    expect(JSON.stringify(alarm!.Dimensions)).toContain('QueueName');
  });

  it.each([
    ['a company’s morning', 'company-morning'],
    ['a text that waited for the texting limit', 'text-later'],
  ])('rings the operators when %s lands in its queue’s dead-letter queue', (_what, job) => {
    expect(alarms.get(`Sailpost-${label}-DeadLetters-${job}-dead-letters`)).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      AlarmActions: [topicImport(built)],
    });
    const { queue, deadLetters } = built.jobs.jobQueues.get(job as JobName)!;
    expect(queue.deadLetterQueue).toEqual({ queue: deadLetters, maxReceiveCount: 3 });
    // A work queue is watched by its age on the dashboard, not by a dead-letter alarm.
    expect([...alarms.keys()].filter((name) => name.endsWith(`${job}-queue`))).toEqual([]);
  });

  it('rings when more than 5 % of the posts due in 15 minutes failed (metric math over the stage)', () => {
    const alarm = alarms.get(`Sailpost-${label}-PublishFailureRate`)!;
    expect(alarm).toMatchObject({
      Threshold: 5,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
      AlarmActions: [topicImport(built)],
    });
    const metrics = alarm.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: {
        Metric: { Namespace: string; MetricName: string; Dimensions: unknown[] };
        Period: number;
        Stat: string;
      };
    }[];
    expect(metrics.find((metric) => metric.Expression)?.Expression).toBe(
      '100 * FILL(failed, 0) / (FILL(published, 0) + FILL(failed, 0))',
    );
    const inputs = Object.fromEntries(
      metrics.filter((metric) => metric.MetricStat).map((metric) => [metric.Id, metric.MetricStat]),
    );
    for (const [id, name] of [
      ['published', 'PostsPublished'],
      ['failed', 'PostsFailed'],
    ]) {
      expect(inputs[id!]).toEqual({
        Metric: {
          Namespace: 'Sailpost',
          MetricName: name,
          Dimensions: [{ Name: 'Stage', Value: stage }],
        },
        Period: 900,
        Stat: 'Sum',
      });
    }
  });

  it('rings when the 95th percentile of publish lateness passes 5 minutes', () => {
    expect(alarms.get(`Sailpost-${label}-PublishLatenessP95`)).toMatchObject({
      Namespace: 'Sailpost',
      MetricName: 'PublishLateness',
      Dimensions: [{ Name: 'Stage', Value: stage }],
      ExtendedStatistic: 'p95',
      Threshold: 300,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [topicImport(built)],
    });
  });

  it('rings on a 5xx answer of the stage’s API', () => {
    const alarm = alarms.get(`Sailpost-${label}-Api5xx`);
    expect(alarm).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [topicImport(built)],
    });
    expect(alarm!.Dimensions).toEqual([
      {
        Name: 'ApiId',
        Value: { Ref: built.api.getLogicalId(built.api.httpApi.node.defaultChild as never) },
      },
    ]);
  });

  it('keeps the SMS spend alarm at 80 % of the account’s limit, under its stage’s name', () => {
    const jobs = alarmsByName(Template.fromStack(built.jobs));
    expect(jobs.get(`Sailpost-${label}-SmsSpend`)).toMatchObject({
      MetricName: 'TextMessageMonthlySpend',
      Threshold: 0.8,
    });
  });

  it('has one dashboard, named after the stage, with the product’s metrics and every alarm', () => {
    const dashboards = Object.values(resourcesOfType(api, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties!.DashboardName).toBe(`Sailpost-${label}`);
    const body = JSON.stringify(dashboards[0]!.Properties!.DashboardBody);
    for (const metric of [
      'PostsPublished',
      'PostsFailed',
      'PublishLateness',
      'DraftsGenerated',
      'DraftLatency',
      'TextsSent',
      'TextsFailed',
      'RepliesReceived',
      'ApproximateAgeOfOldestMessage',
      'ApproximateNumberOfMessagesVisible',
      'TextMessageMonthlySpend',
    ]) {
      expect(body, metric).toContain(metric);
    }
    // The alarm status widget lists the alarms of both stacks.
    expect(body).toContain('PublishFailureRate');
    expect(body).toContain(
      Stack.of(built.jobs).getLogicalId(
        built.jobs.smsSpendGuard.spendAlarm.node.defaultChild as never,
      ),
    );
  });

  it('leaves cdk-nag nothing to report', () => {
    expect(nagFindings(built.api)).toEqual([]);
    expect(nagFindings(built.jobs)).toEqual([]);
  });
});

describe('dead-letter alarms', () => {
  it('watch every queue without a dead-letter queue of its own, and no work queue', () => {
    const app = new App();
    const jobs = new Stack(app, 'Jobs');
    const morningDeadLetters = new Queue(jobs, 'MorningDeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
    });
    new Queue(jobs, 'MorningQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      deadLetterQueue: { queue: morningDeadLetters, maxReceiveCount: 3 },
      visibilityTimeout: Duration.minutes(2),
    });
    new Queue(jobs, 'OtherDeadLetterQueue', { encryption: QueueEncryption.SQS_MANAGED });
    const apiStack = new Stack(app, 'Api');
    const operations = new StageOperations(apiStack, 'Operations', {
      stage: stageConfig('dev'),
      topic: new Topic(jobs, 'Operators'),
      jobs,
      httpApi: new HttpApi(apiStack, 'HttpApi'),
      otherAlarms: [],
    });
    expect(deadLetterQueuesOf(jobs).map((queue) => queue.node.id)).toEqual([
      'MorningDeadLetterQueue',
      'OtherDeadLetterQueue',
    ]);
    expect([...operations.alarms.keys()].filter((name) => name.includes('DeadLetters'))).toEqual([
      'Sailpost-Dev-DeadLetters-MorningDeadLetterQueue',
      'Sailpost-Dev-DeadLetters-OtherDeadLetterQueue',
    ]);
  });
});
