import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IAlarm,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { METRICS_NAMESPACE, PRODUCT_METRICS, type ProductMetric } from '#functions/core/metrics';
import type { StageConfig } from './stage';

/** Publish failures over this share of the posts that went out or failed, in one window, ring. */
export const PUBLISH_FAILURE_RATE_PERCENT = 5;
/** The window the failure rate is taken over. */
const PUBLISH_FAILURE_WINDOW = Duration.minutes(15);
/** Posts going out later than this at the 95th percentile ring. */
export const PUBLISH_LATENESS_P95_SECONDS = 5 * 60;
const PUBLISH_LATENESS_WINDOW = Duration.minutes(15);
/** One 5xx answer of the API in this window rings: each is a fault of ours, never the caller's. */
const API_5XX_WINDOW = Duration.minutes(5);

/** The names the stage's operations parts get: what the runbook and the console say. */
export const operationsNames = (stage: Pick<StageConfig, 'label'>) => ({
  dashboard: `Sailpost-${stage.label}`,
  deadLetters: (queueId: string) => `Sailpost-${stage.label}-DeadLetters-${queueId}`,
  publishFailureRate: `Sailpost-${stage.label}-PublishFailureRate`,
  publishLatenessP95: `Sailpost-${stage.label}-PublishLatenessP95`,
  api5xx: `Sailpost-${stage.label}-Api5xx`,
});

/**
 * The queues of a stack that are dead-letter queues: every queue without a dead-letter queue of
 * its own. A work queue always has one (cdk-nag's AwsSolutions-SQS3 refuses it otherwise), so a
 * queue without one is where failed work ends — whichever job or queue a later change adds.
 */
export const deadLetterQueuesOf = (scope: IConstruct): Queue[] =>
  scope.node
    .findAll()
    .filter((construct): construct is Queue => construct instanceof Queue)
    .filter((queue) => queue.deadLetterQueue === undefined);

/** The work queues of a stack: the queues that hand their failures to a dead-letter queue. */
const workQueuesOf = (scope: IConstruct): Queue[] =>
  scope.node
    .findAll()
    .filter((construct): construct is Queue => construct instanceof Queue)
    .filter((queue) => queue.deadLetterQueue !== undefined);

export interface StageOperationsProps {
  readonly stage: StageConfig;
  /** Who hears the alarms (the operators' topic of the stage). */
  readonly topic: ITopic;
  /** The stack whose queues are watched (the jobs stack). */
  readonly jobs: IConstruct;
  readonly httpApi: HttpApi;
  /** Alarms made elsewhere that the dashboard shows too (the SMS spend alarm, …). */
  readonly otherAlarms: readonly IAlarm[];
}

/**
 * What operators watch in one stage: an alarm on each dead-letter queue, on the publish failure
 * rate, on publish lateness and on the API's 5xx answers, each notifying the operators' topic,
 * and one dashboard with the product's metrics (functions/core/metrics.ts), the queues and the
 * API. docs/RUNBOOK.md says what each alarm means and what to do.
 */
export class StageOperations extends Construct {
  readonly dashboard: Dashboard;
  /** Every alarm made here, by its name. */
  readonly alarms: ReadonlyMap<string, Alarm>;

  constructor(scope: Construct, id: string, props: StageOperationsProps) {
    super(scope, id);
    const { stage, topic, jobs, httpApi } = props;
    const names = operationsNames(stage);
    const notify = new SnsAction(topic);
    const alarms = new Map<string, Alarm>();
    const addAlarm = (alarm: Alarm, name: string) => {
      alarm.addAlarmAction(notify);
      alarms.set(name, alarm);
      return alarm;
    };

    const product = (
      metric: ProductMetric,
      statistic: string,
      period: Duration,
      label: string = metric,
    ): Metric =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: metric,
        dimensionsMap: { Stage: stage.name },
        statistic,
        period,
        label,
      });
    /** Each value of the metric's split (platform, command), found by CloudWatch as they come. */
    const bySplit = (metric: ProductMetric, statistic: string, label: string): IMetric => {
      const by = PRODUCT_METRICS[metric].by!;
      return new MathExpression({
        expression: `SEARCH('{${METRICS_NAMESPACE},Stage,${by}} MetricName="${metric}" Stage="${stage.name}"', '${statistic}', 300)`,
        label,
        period: Duration.minutes(5),
      });
    };

    for (const queue of deadLetterQueuesOf(jobs)) {
      const queueId = queue.node.id;
      const name = names.deadLetters(queueId);
      addAlarm(
        new Alarm(this, `DeadLetters-${queueId}`, {
          alarmName: name,
          alarmDescription: `Sailpost ${stage.name}: work landed in the dead-letter queue ${queueId} (a job, schedule or message that kept failing). See docs/RUNBOOK.md, ${name}.`,
          metric: queue.metricApproximateNumberOfMessagesVisible({
            statistic: 'Maximum',
            period: Duration.minutes(5),
          }),
          threshold: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
        name,
      );
    }

    const failureRate = new MathExpression({
      expression: '100 * FILL(failed, 0) / (FILL(published, 0) + FILL(failed, 0))',
      usingMetrics: {
        published: product('PostsPublished', 'Sum', PUBLISH_FAILURE_WINDOW),
        failed: product('PostsFailed', 'Sum', PUBLISH_FAILURE_WINDOW),
      },
      period: PUBLISH_FAILURE_WINDOW,
      label: 'Publish failure rate (%)',
    });
    addAlarm(
      new Alarm(this, 'PublishFailureRate', {
        alarmName: names.publishFailureRate,
        alarmDescription: `Sailpost ${stage.name}: more than ${PUBLISH_FAILURE_RATE_PERCENT} % of the posts due in the last 15 minutes failed. See docs/RUNBOOK.md, ${names.publishFailureRate}.`,
        metric: failureRate,
        threshold: PUBLISH_FAILURE_RATE_PERCENT,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        // No post due in the window: nothing failed.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      names.publishFailureRate,
    );

    // No label on an alarm's metric: CloudFormation would get it as metric math.
    const lateness = new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: 'PublishLateness',
      dimensionsMap: { Stage: stage.name },
      statistic: 'p95',
      period: PUBLISH_LATENESS_WINDOW,
    });
    addAlarm(
      new Alarm(this, 'PublishLatenessP95', {
        alarmName: names.publishLatenessP95,
        alarmDescription: `Sailpost ${stage.name}: 5 % of the posts published in the last 15 minutes went out more than ${PUBLISH_LATENESS_P95_SECONDS / 60} minutes after their time. See docs/RUNBOOK.md, ${names.publishLatenessP95}.`,
        metric: lateness,
        threshold: PUBLISH_LATENESS_P95_SECONDS,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      names.publishLatenessP95,
    );

    const api5xx = httpApi.metricServerError({ statistic: 'Sum', period: API_5XX_WINDOW });
    addAlarm(
      new Alarm(this, 'Api5xx', {
        alarmName: names.api5xx,
        alarmDescription: `Sailpost ${stage.name}: the API answered 5xx (a function failed or timed out). See docs/RUNBOOK.md, ${names.api5xx}.`,
        metric: api5xx,
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      names.api5xx,
    );
    this.alarms = alarms;

    const five = Duration.minutes(5);
    const deadLetterQueues = deadLetterQueuesOf(jobs);
    const workQueues = workQueuesOf(jobs);
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: names.dashboard,
      defaultInterval: Duration.hours(24),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Sailpost ${stage.name}\nWhat each alarm means and what to do: docs/RUNBOOK.md. Logs: filter on \`correlationId\` to follow one request or schedule through its jobs.`,
        width: 24,
        height: 2,
      }),
      new AlarmStatusWidget({
        title: 'Alarms',
        alarms: [...alarms.values(), ...props.otherAlarms],
        width: 24,
        height: 4,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Posts published and failed',
        left: [
          bySplit('PostsPublished', 'Sum', 'Published'),
          bySplit('PostsFailed', 'Sum', 'Failed'),
        ],
        right: [failureRate],
        width: 12,
      }),
      new GraphWidget({
        title: 'Publish lateness (s after the slot)',
        left: [
          product('PublishLateness', 'p50', five, 'p50'),
          product('PublishLateness', 'p95', five, 'p95'),
          product('PublishLateness', 'Maximum', five, 'max'),
        ],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Drafts generated',
        left: [bySplit('DraftsGenerated', 'Sum', 'Drafts')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Draft latency (ms)',
        left: [
          product('DraftLatency', 'p50', five, 'p50'),
          product('DraftLatency', 'p95', five, 'p95'),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Texts and replies',
        left: [
          product('TextsSent', 'Sum', five, 'Texts sent'),
          product('TextsFailed', 'Sum', five, 'Texts failed'),
        ],
        right: [bySplit('RepliesReceived', 'Sum', 'Replies')],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Dead letters (messages waiting)',
        left: deadLetterQueues.map((queue) =>
          queue.metricApproximateNumberOfMessagesVisible({
            statistic: 'Maximum',
            period: five,
            label: queue.node.id,
          }),
        ),
        width: 8,
      }),
      new GraphWidget({
        title: 'Queue age (oldest message, s)',
        left: [...workQueues, ...deadLetterQueues].map((queue) =>
          queue.metricApproximateAgeOfOldestMessage({
            statistic: 'Maximum',
            period: five,
            label: queue.node.id,
          }),
        ),
        width: 8,
      }),
      new GraphWidget({
        title: 'API',
        left: [httpApi.metricCount({ statistic: 'Sum', period: five, label: 'Requests' })],
        right: [
          api5xx.with({ label: '5xx' }),
          httpApi.metricClientError({ statistic: 'Sum', period: API_5XX_WINDOW, label: '4xx' }),
        ],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Lambda (account): concurrency and throttles',
        left: [
          new Metric({
            namespace: 'AWS/Lambda',
            metricName: 'ConcurrentExecutions',
            statistic: 'Maximum',
            period: Duration.minutes(1),
          }),
        ],
        right: [
          new Metric({
            namespace: 'AWS/Lambda',
            metricName: 'Throttles',
            statistic: 'Sum',
            period: five,
          }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'SMS spend this month (USD)',
        left: [
          new Metric({
            namespace: 'AWS/SMSVoice',
            metricName: 'TextMessageMonthlySpend',
            statistic: 'Maximum',
            period: Duration.hours(1),
          }),
        ],
        width: 12,
      }),
    );
  }
}
