import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnTopic } from 'aws-cdk-lib/aws-sns';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import { isAllowed, resolvePseudo, type PolicyStatement } from './resource-policy';
import { buildTestApp, resourcesOfType } from './support';

const ACCOUNT = '123456789012';
const REGION = 'eu-west-1';
const env = { account: ACCOUNT, region: REGION };
const OPERATORS_TOPIC_ARN = `arn:aws:sns:${REGION}:${ACCOUNT}:operators`;

type Properties = Record<string, unknown>;

const alarms = (jobs: Template) =>
  Object.values(resourcesOfType(jobs, 'AWS::CloudWatch::Alarm')).map(
    (alarm) => alarm.Properties as Properties,
  );

const dimensionsOf = (alarm: Properties): Record<string, string> =>
  Object.fromEntries(
    (alarm.Dimensions as { Name: string; Value: string }[]).map(({ Name, Value }) => [Name, Value]),
  );

const operatorsTopicRef = (built: SailpostApp) => {
  const topic = built.jobs.smsSpendGuard.operatorsTopic;
  return { Ref: Stack.of(topic).getLogicalId(topic.node.defaultChild as CfnTopic) };
};

describe('SMS spend guard and alarms', () => {
  let built: SailpostApp;
  let jobs: Template;

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev' }, { env });
    jobs = Template.fromStack(built.jobs);
  });

  it("sets End User Messaging SMS's monthly text spend limit, and nothing of SNS's", () => {
    const calls = Object.values(resourcesOfType(jobs, 'Custom::AWS')).map((resource) =>
      JSON.stringify(resolvePseudo(resource.Properties, env)),
    );
    const limit = calls.filter((call) => /setTextMessageSpendLimitOverride/i.test(call));
    expect(limit).toHaveLength(1);
    expect(limit[0]).toContain('\\"MonthlyLimit\\":1');
    expect(calls.join('\n')).not.toMatch(/setSMSAttributes/i);
    const statements = Object.values(resourcesOfType(jobs, 'AWS::IAM::Policy')).flatMap(
      (policy) => (policy.Properties?.PolicyDocument as { Statement: PolicyStatement[] }).Statement,
    );
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions).toContain('sms-voice:SetTextMessageSpendLimitOverride');
    expect(actions).not.toContain('sns:SetSMSAttributes');
  });

  it('takes the limit in whole US dollars, at least 1', () => {
    expect(() => buildTestApp({ stage: 'dev', smsMonthlySpendLimitUsd: '25' })).not.toThrow();
    for (const limit of ['0.5', '0', '-3', 'ten']) {
      expect(() => buildTestApp({ stage: 'dev', smsMonthlySpendLimitUsd: limit }), limit).toThrow(
        /smsMonthlySpendLimitUsd must be a whole number of USD, at least 1/,
      );
    }
  });

  it("rings the operators at 80 % of the month's text spend, from End User Messaging's own metric", () => {
    const spend = alarms(jobs).filter((alarm) => alarm.MetricName === 'TextMessageMonthlySpend');
    expect(spend).toEqual([
      expect.objectContaining({
        Namespace: 'AWS/SMSVoice',
        Statistic: 'Maximum',
        Threshold: 0.8,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [operatorsTopicRef(built)],
      }),
    ]);
    expect(spend[0]).not.toHaveProperty('Dimensions');
    expect(alarms(jobs).filter((alarm) => alarm.Namespace === 'AWS/SNS')).toEqual([]);
  });

  it('rings the operators when texts sent are not delivered', () => {
    const delivery = alarms(jobs).filter((alarm) =>
      JSON.stringify(alarm.Metrics ?? '').includes('NumberOfTextMessagePartsSent'),
    );
    expect(delivery).toHaveLength(1);
    const metrics = JSON.stringify(delivery[0]!.Metrics);
    expect(metrics).toContain('NumberOfTextMessagePartsDelivered');
    expect(metrics).toContain('AWS/SMSVoice');
    expect(delivery[0]).toMatchObject({
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [operatorsTopicRef(built)],
    });
  });

  it.each(['day', 'minute', 'number'])(
    'rings the operators when the %s ceiling of verification texts is reached in this stage',
    (ceiling) => {
      const found = alarms(jobs).filter(
        (alarm) =>
          alarm.MetricName === 'VerificationTextCeilingReached' &&
          JSON.stringify(alarm.Dimensions).includes(`"Value":"${ceiling}"`),
      );
      expect(found).toEqual([
        expect.objectContaining({
          Namespace: 'Sailpost',
          Statistic: 'Sum',
          Period: 300,
          EvaluationPeriods: 1,
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
          AlarmActions: [operatorsTopicRef(built)],
        }),
      ]);
      // Exactly these two dimensions, in any order (CloudWatch matches them as a set).
      expect(dimensionsOf(found[0]!)).toEqual({ Ceiling: ceiling, Stage: 'dev' });
    },
  );

  it("names each stage's ceiling alarms after its own stage", () => {
    const prod = Template.fromStack(
      buildTestApp(
        {
          stage: 'prod',
          smsOriginationIdentity: `arn:aws:sms-voice:${REGION}:${ACCOUNT}:pool/pool-0123456789abcdef`,
        },
        { env },
      ).jobs,
    );
    const stages = alarms(prod)
      .filter((alarm) => alarm.MetricName === 'VerificationTextCeilingReached')
      .map((alarm) => dimensionsOf(alarm).Stage);
    expect(stages).toEqual(['prod', 'prod', 'prod']);
  });

  it("lets CloudWatch alarms of this account, and them alone, reach the operators' encrypted topic", () => {
    const topic = built.jobs.smsSpendGuard.operatorsTopic;
    const resources = jobs.toJSON().Resources as Record<
      string,
      { Type: string; Properties: Properties }
    >;
    const topicId = Stack.of(topic).getLogicalId(topic.node.defaultChild as CfnTopic);
    const keyId = (resources[topicId]!.Properties.KmsMasterKeyId as { 'Fn::GetAtt': [string] })[
      'Fn::GetAtt'
    ]?.[0];
    expect(resources[keyId ?? '']?.Type).toBe('AWS::KMS::Key');
    const key = (
      resolvePseudo(resources[keyId!]!.Properties.KeyPolicy, env) as {
        Statement: PolicyStatement[];
      }
    ).Statement;
    const policy = Object.values(resources)
      .filter(
        (resource) =>
          resource.Type === 'AWS::SNS::TopicPolicy' &&
          JSON.stringify(resource.Properties.Topics) === JSON.stringify([{ Ref: topicId }]),
      )
      .flatMap(
        (resource) =>
          (
            resolvePseudo(resource.Properties.PolicyDocument, {
              ...env,
              refs: { [topicId]: OPERATORS_TOPIC_ARN },
            }) as { Statement: PolicyStatement[] }
          ).Statement,
      );
    const alarm = (account: string) => ({
      'aws:SecureTransport': 'true',
      'aws:PrincipalServiceName': 'cloudwatch.amazonaws.com',
      'aws:SourceAccount': account,
      'aws:SourceArn': `arn:aws:cloudwatch:${REGION}:${account}:alarm:any-alarm`,
    });
    const cloudWatch = { service: 'cloudwatch.amazonaws.com' };
    const may = (
      statements: PolicyStatement[],
      action: string,
      resource: string,
      account: string,
    ) =>
      isAllowed(
        statements,
        { principal: cloudWatch, action, resource, context: alarm(account) },
        { account: ACCOUNT, identityAllows: false },
      );
    expect(may(policy, 'sns:Publish', OPERATORS_TOPIC_ARN, ACCOUNT)).toBe(true);
    expect(may(key, 'kms:GenerateDataKey', '*', ACCOUNT)).toBe(true);
    expect(may(key, 'kms:Decrypt', '*', ACCOUNT)).toBe(true);
    expect(may(policy, 'sns:Publish', OPERATORS_TOPIC_ARN, '999999999999')).toBe(false);
    expect(may(key, 'kms:GenerateDataKey', '*', '999999999999')).toBe(false);
  });
});
