import { TEXT_CEILINGS, TEXT_CEILING_METRIC } from '#functions/auth/text-ceiling-metric';
import { METRICS_NAMESPACE } from '#functions/core/metrics';
import { Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import { acknowledgeCustomResourceHandler } from './custom-resource-nag';
import type { StageConfig } from './stage';

/**
 * AWS's own default monthly SMS spend quota. End User Messaging refuses an enforced limit above
 * the account's quota, so the default stays at it; raise both (support case, then
 * -c smsMonthlySpendLimitUsd=).
 */
export const DEFAULT_SMS_MONTHLY_SPEND_LIMIT_USD = 1;

/** The alarm rings at this share of the limit, before End User Messaging stops sending at 100 %. */
const SPEND_ALARM_SHARE = 0.8;

/** Text parts sent and not (yet) delivered within one period that ring the delivery alarm. */
const UNDELIVERED_PARTS_ALARM = 5;

/**
 * The metric the functions emit (CloudWatch embedded metric format) when a product-wide ceiling
 * of verification texts is reached: per day, per minute, or the absolute ceiling of one number.
 */
export const VERIFICATION_CEILING_METRIC = {
  namespace: METRICS_NAMESPACE,
  metricName: TEXT_CEILING_METRIC,
  ceilings: TEXT_CEILINGS,
} as const;

export interface SmsSpendGuardProps {
  readonly stage: StageConfig;
  /**
   * Whole USD per calendar month; End User Messaging sends no more texts once it is reached
   * (context `smsMonthlySpendLimitUsd`).
   */
  readonly monthlySpendLimitUsd: number;
  /** Who hears the alarms (context `operatorsEmail`); without it, subscribe to the topic by hand. */
  readonly operatorsEmail?: string;
}

/**
 * The ceiling under every per-number, per-account and per-address SMS cap the functions keep: the
 * account's monthly text spend limit in AWS End User Messaging SMS (the service that sends),
 * set by the stack (SetTextMessageSpendLimitOverride, which has no CloudFormation resource), and
 * alarms to the operators when spend nears it, when texts go undelivered, and when a product-wide
 * ceiling of verification texts is reached.
 *
 * End User Messaging publishes its metrics only once its service-linked role exists
 * (AWSServiceRoleForSMSVoice, made when the account first uses the service or by hand).
 */
export class SmsSpendGuard extends Construct {
  readonly operatorsTopic: Topic;
  readonly spendAlarm: Alarm;
  readonly deliveryAlarm: Alarm;
  /** One per ceiling of verification texts (`day`, `minute`, `number`). */
  readonly verificationCeilingAlarms: ReadonlyMap<string, Alarm>;

  constructor(scope: Construct, id: string, props: SmsSpendGuardProps) {
    super(scope, id);
    const { stage, monthlySpendLimitUsd } = props;
    // The service takes a whole number of dollars (a Long), at least $1.
    if (!Number.isInteger(monthlySpendLimitUsd) || monthlySpendLimitUsd < 1) {
      throw new Error(
        `smsMonthlySpendLimitUsd must be a whole number of USD, at least 1, not ${monthlySpendLimitUsd}`,
      );
    }

    const setLimit = {
      service: '@aws-sdk/client-pinpoint-sms-voice-v2',
      action: 'SetTextMessageSpendLimitOverrideCommand',
      parameters: { MonthlyLimit: monthlySpendLimitUsd },
      physicalResourceId: PhysicalResourceId.of(`sailpost-${stage.name}-sms-monthly-spend-limit`),
    };
    // No onDelete: removing the stack leaves the limit in place rather than lifting it.
    new AwsCustomResource(this, 'MonthlySpendLimit', {
      onCreate: setLimit,
      onUpdate: setLimit,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({
          actions: ['sms-voice:SetTextMessageSpendLimitOverride'],
          resources: ['*'],
        }),
      ]),
      installLatestAwsSdk: false,
    });

    this.operatorsTopic = this.encryptedTopicForAlarms(stage);
    if (props.operatorsEmail) {
      this.operatorsTopic.addSubscription(new EmailSubscription(props.operatorsEmail));
    }
    const notify = new SnsAction(this.operatorsTopic);

    this.spendAlarm = new Alarm(this, 'SmsSpendAlarm', {
      alarmName: `Sailpost-${stage.label}-SmsSpend`,
      alarmDescription: `Sailpost ${stage.name}: text spend this month has passed ${SPEND_ALARM_SHARE * 100} % of the ${monthlySpendLimitUsd} USD limit; at the limit End User Messaging stops sending verification codes.`,
      metric: new Metric({
        namespace: 'AWS/SMSVoice',
        metricName: 'TextMessageMonthlySpend',
        statistic: 'Maximum',
        period: Duration.minutes(5),
      }),
      threshold: monthlySpendLimitUsd * SPEND_ALARM_SHARE,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      // A month-to-date figure published only around sends: between sends the alarm keeps what it
      // last saw, so it rings once when spend passes the share, not again at every next text.
      treatMissingData: TreatMissingData.IGNORE,
    });
    this.spendAlarm.addAlarmAction(notify);

    const textParts = (metricName: string) =>
      new Metric({ namespace: 'AWS/SMSVoice', metricName, statistic: 'Sum' });
    this.deliveryAlarm = new Alarm(this, 'SmsDeliveryAlarm', {
      alarmName: `Sailpost-${stage.label}-SmsDelivery`,
      alarmDescription: `Sailpost ${stage.name}: at least ${UNDELIVERED_PARTS_ALARM} text parts sent in the last 6 hours were not delivered (carrier or number problems; texts refused before sending, e.g. at the spend limit, are not counted here).`,
      // Six hours, not minutes: delivery receipts arrive after the send, and a send at the end of
      // a short period would look undelivered. A duplicate receipt can only hide a failure.
      metric: new MathExpression({
        expression: 'FILL(sent, 0) - FILL(delivered, 0)',
        usingMetrics: {
          sent: textParts('NumberOfTextMessagePartsSent'),
          delivered: textParts('NumberOfTextMessagePartsDelivered'),
        },
        period: Duration.hours(6),
        label: 'Text parts not delivered',
      }),
      threshold: UNDELIVERED_PARTS_ALARM,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.deliveryAlarm.addAlarmAction(notify);

    this.verificationCeilingAlarms = new Map(
      VERIFICATION_CEILING_METRIC.ceilings.map((ceiling) => {
        const alarm = new Alarm(this, `VerificationTextCeiling-${ceiling}`, {
          alarmName: `Sailpost-${stage.label}-VerificationTextCeiling-${ceiling}`,
          alarmDescription: `Sailpost ${stage.name}: the product-wide ${ceiling} ceiling of verification texts was reached; new users may be told to wait for their code (a burst of sign-ups, or someone pumping texts).`,
          metric: new Metric({
            namespace: VERIFICATION_CEILING_METRIC.namespace,
            metricName: VERIFICATION_CEILING_METRIC.metricName,
            dimensionsMap: { Stage: stage.name, Ceiling: ceiling },
            statistic: 'Sum',
            period: Duration.minutes(5),
          }),
          threshold: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        });
        alarm.addAlarmAction(notify);
        return [ceiling, alarm];
      }),
    );

    acknowledge(
      this,
      'AwsSolutions-IAM5[Resource::*]',
      'sms-voice:SetTextMessageSpendLimitOverride is an account-level setting without resource-level permissions, so the deploy-time custom resource is granted it on "*" (and nothing else).',
    );
    acknowledgeCustomResourceHandler(this);
  }

  /**
   * The operators' topic, encrypted with a key of its own: CloudWatch cannot publish alarms to a
   * topic under the AWS-managed SNS key (its policy cannot name CloudWatch), so those alarms would
   * ring into nothing. Only alarms of this account and region may use the key and publish.
   */
  private encryptedTopicForAlarms(stage: StageConfig): Topic {
    const stack = Stack.of(this);
    const cloudWatch = new ServicePrincipal('cloudwatch.amazonaws.com');
    const alarmsOfThisAccount = {
      StringEquals: { 'aws:SourceAccount': stack.account },
      ArnLike: { 'aws:SourceArn': stack.formatArn({ service: 'cloudwatch', resource: 'alarm:*' }) },
    };
    const key = new Key(this, 'OperatorAlarmsKey', {
      description: `Sailpost ${stage.name}: encrypts the operator alarms topic`,
      enableKeyRotation: true,
      removalPolicy: stage.removalPolicy,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [cloudWatch],
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
        conditions: alarmsOfThisAccount,
      }),
    );
    const topic = new Topic(this, 'OperatorAlarms', {
      displayName: `Sailpost ${stage.name} operator alarms`,
      enforceSSL: true,
      masterKey: key,
    });
    topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [cloudWatch],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: alarmsOfThisAccount,
      }),
    );
    return topic;
  }
}
