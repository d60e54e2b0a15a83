import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias } from 'aws-cdk-lib/aws-kms';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';
import type { StageConfig } from './stage';

export interface JobsStackProps extends StackProps {
  readonly stage: StageConfig;
}

/**
 * The non-HTTP plumbing: the scheduler group the publisher's one-time schedules go into, the role
 * the scheduler assumes, the dead-letter queue for schedules that cannot be delivered, and the
 * topic inbound SMS replies arrive on. The publisher, daily-drafts and sms-inbound functions land
 * in later issues and attach to these.
 */
export class JobsStack extends Stack {
  readonly scheduleGroup: ScheduleGroup;
  readonly schedulerRole: Role;
  readonly deadLetterQueue: Queue;
  readonly inboundSmsTopic: Topic;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.scheduleGroup = new ScheduleGroup(this, 'ScheduleGroup', {
      scheduleGroupName: `sailpost-${stage.name}`,
      removalPolicy: stage.removalPolicy,
    });

    // Deliberately without policies for now: lambda:InvokeFunction on the publisher (and
    // sqs:SendMessage on the DLQ) are added when the publisher lands. Only schedules of this
    // account's schedule group may assume it (confused-deputy protection).
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      description: `Sailpost ${stage.name}: assumed by EventBridge Scheduler to invoke job targets`,
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com').withConditions({
        StringEquals: { 'aws:SourceAccount': this.account },
        ArnLike: {
          'aws:SourceArn': this.formatArn({
            service: 'scheduler',
            resource: 'schedule',
            resourceName: `${this.scheduleGroup.scheduleGroupName}/*`,
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
      'This queue is itself the dead-letter queue (for EventBridge Scheduler targets); a DLQ of a DLQ has nothing to catch.',
    );

    // AWS-managed SNS key as asked. Note: a publisher from another service (End User Messaging
    // SMS) cannot be granted use of an AWS-managed key; see the report for the follow-up.
    this.inboundSmsTopic = new Topic(this, 'InboundSmsTopic', {
      displayName: `Sailpost ${stage.name} inbound SMS`,
      enforceSSL: true,
      masterKey: Alias.fromAliasName(this, 'SnsManagedKey', 'alias/aws/sns'),
    });

    new CfnOutput(this, 'ScheduleGroupName', { value: this.scheduleGroup.scheduleGroupName });
    new CfnOutput(this, 'SchedulerRoleArn', { value: this.schedulerRole.roleArn });
    new CfnOutput(this, 'DeadLetterQueueArn', { value: this.deadLetterQueue.queueArn });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: this.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'InboundSmsTopicArn', { value: this.inboundSmsTopic.topicArn });
  }
}
