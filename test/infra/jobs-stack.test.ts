import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, resourcesOfType } from './support';

describe('jobs stack', () => {
  let jobs: Template;

  beforeAll(() => {
    jobs = Template.fromStack(buildTestApp({ stage: 'dev' }).jobs);
  });

  it('creates the stage schedule group', () => {
    jobs.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'sailpost-dev' });
  });

  it('has a role only EventBridge Scheduler (this account) can assume, with no permissions yet', () => {
    jobs.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: 'sts:AssumeRole',
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: Match.objectLike({
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
            }),
          }),
        ],
      },
    });
    for (const role of Object.values(resourcesOfType(jobs, 'AWS::IAM::Role'))) {
      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
      expect(role.Properties?.Policies).toBeUndefined();
    }
    jobs.resourceCountIs('AWS::IAM::Policy', 0);
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

  it('has the inbound-SMS topic, KMS-encrypted and TLS-only', () => {
    const [topic] = Object.values(resourcesOfType(jobs, 'AWS::SNS::Topic'));
    expect(JSON.stringify(topic?.Properties?.KmsMasterKeyId)).toMatch(/:alias\/aws\/sns"/);
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

  it('outputs what later issues attach to', () => {
    for (const name of [
      'ScheduleGroupName',
      'SchedulerRoleArn',
      'DeadLetterQueueArn',
      'DeadLetterQueueUrl',
      'InboundSmsTopicArn',
    ]) {
      jobs.hasOutput(name, {});
    }
  });
});
