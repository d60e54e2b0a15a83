import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Alias } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge } from '../stacks/nag';
import { acknowledgeCustomResourceHandler } from './custom-resource-nag';
import type { StageConfig } from '../stacks/stage';

/**
 * AWS's own default monthly SMS spend quota. SNS refuses a MonthlySpendLimit above the account's
 * quota, so the default stays at it; raise both (support case, then -c smsMonthlySpendLimitUsd=).
 */
export const DEFAULT_SMS_MONTHLY_SPEND_LIMIT_USD = 1;

/** The alarm rings at this share of the limit, before SNS stops sending at 100 %. */
const SPEND_ALARM_SHARE = 0.8;

export interface SmsSpendGuardProps {
  readonly stage: StageConfig;
  /** USD per calendar month; SNS sends no more texts once it is reached (context `smsMonthlySpendLimitUsd`). */
  readonly monthlySpendLimitUsd: number;
  /** Who hears the alarms (context `operatorsEmail`); without it, subscribe to the topic by hand. */
  readonly operatorsEmail?: string;
}

/**
 * The ceiling under every per-number, per-account and per-address SMS cap the functions keep: the
 * account's monthly SMS spend limit, set by the stack (SNS SetSMSAttributes, which has no
 * CloudFormation resource), and alarms to the operators when spend nears it or texts fail.
 */
export class SmsSpendGuard extends Construct {
  readonly operatorsTopic: Topic;
  readonly spendAlarm: Alarm;
  readonly failuresAlarm: Alarm;

  constructor(scope: Construct, id: string, props: SmsSpendGuardProps) {
    super(scope, id);
    const { stage, monthlySpendLimitUsd } = props;
    if (!Number.isFinite(monthlySpendLimitUsd) || monthlySpendLimitUsd <= 0) {
      throw new Error(
        `smsMonthlySpendLimitUsd must be a positive number of USD, not ${monthlySpendLimitUsd}`,
      );
    }

    const setLimit = {
      service: 'SNS',
      action: 'setSMSAttributes',
      parameters: { attributes: { MonthlySpendLimit: String(monthlySpendLimitUsd) } },
      physicalResourceId: PhysicalResourceId.of(`sailpost-${stage.name}-sms-monthly-spend-limit`),
    };
    // No onDelete: removing the stack leaves the limit in place rather than lifting it.
    new AwsCustomResource(this, 'MonthlySpendLimit', {
      onCreate: setLimit,
      onUpdate: setLimit,
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: AwsCustomResourcePolicy.ANY_RESOURCE,
      }),
      installLatestAwsSdk: false,
    });

    this.operatorsTopic = new Topic(this, 'OperatorAlarms', {
      displayName: `Sailpost ${stage.name} operator alarms`,
      enforceSSL: true,
      masterKey: Alias.fromAliasName(this, 'SnsManagedKey', 'alias/aws/sns'),
    });
    if (props.operatorsEmail) {
      this.operatorsTopic.addSubscription(new EmailSubscription(props.operatorsEmail));
    }
    const notify = new SnsAction(this.operatorsTopic);

    this.spendAlarm = new Alarm(this, 'SmsSpendAlarm', {
      alarmDescription: `Sailpost ${stage.name}: SMS spend this month has passed ${SPEND_ALARM_SHARE * 100} % of the ${monthlySpendLimitUsd} USD limit; at the limit SNS stops sending verification codes.`,
      metric: new Metric({
        namespace: 'AWS/SNS',
        metricName: 'SMSMonthToDateSpentUSD',
        statistic: 'Maximum',
        period: Duration.minutes(5),
      }),
      threshold: monthlySpendLimitUsd * SPEND_ALARM_SHARE,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.spendAlarm.addAlarmAction(notify);

    this.failuresAlarm = new Alarm(this, 'SmsFailuresAlarm', {
      alarmDescription: `Sailpost ${stage.name}: SNS failed to deliver notifications (texts) in the last 15 minutes.`,
      metric: new Metric({
        namespace: 'AWS/SNS',
        metricName: 'NumberOfNotificationsFailed',
        statistic: 'Sum',
        period: Duration.minutes(15),
      }),
      threshold: 5,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.failuresAlarm.addAlarmAction(notify);

    acknowledge(
      this,
      'AwsSolutions-IAM5[Resource::*]',
      'sns:SetSMSAttributes is an account-level setting without resource-level permissions, so the deploy-time custom resource is granted it on "*" (and nothing else).',
    );
    acknowledgeCustomResourceHandler(this);
  }
}
