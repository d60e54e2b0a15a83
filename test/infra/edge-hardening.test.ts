import { VIEWER_ADDRESS_HEADER } from '#functions/core/http/client-address';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import { AppTemplates } from './declared-grants';
import { buildTestApp, nagFindings, resourcesOfType } from './support';

/** The API only through CloudFront, the client address forwarded, media CORS and the SMS ceiling. */
describe('edge hardening', () => {
  let built: SailpostApp;
  let templates: AppTemplates;
  let web: Template;
  let jobs: Template;

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev' });
    templates = new AppTemplates(built);
    web = Template.fromStack(built.web);
    jobs = Template.fromStack(built.jobs);
  });

  const apiOriginOf = (template: Template) => {
    const [distribution] = Object.values(
      resourcesOfType(template, 'AWS::CloudFront::Distribution'),
    );
    const config = distribution?.Properties?.DistributionConfig as {
      CacheBehaviors: {
        PathPattern: string;
        TargetOriginId: string;
        OriginRequestPolicyId: string;
        FunctionAssociations?: { FunctionARN: unknown; EventType: string }[];
      }[];
      Origins: {
        Id: string;
        OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
      }[];
    };
    const behavior = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    return { behavior, origin: config.Origins.find((o) => o.Id === behavior.TargetOriginId)! };
  };

  it('has CloudFront add the per-stage origin secret to every /api request, read from Secrets Manager at deploy', () => {
    const { origin } = apiOriginOf(web);
    const header = origin.OriginCustomHeaders?.find((h) => h.HeaderName === 'x-origin-verify');
    expect(header).toBeDefined();
    const value = JSON.stringify(
      templates.valueOf(built.web, built.data.originVerifySecret.secretValue.unsafeUnwrap()),
    );
    expect(JSON.stringify(header?.HeaderValue)).toContain('{{resolve:secretsmanager:');
    expect(value).toContain('{{resolve:secretsmanager:');
    // The secret is generated per stage, never written into the template.
    Template.fromStack(built.data).hasResourceProperties('AWS::SecretsManager::Secret', {
      Description: 'Sailpost dev: header value CloudFront adds to API requests (x-origin-verify)',
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
  });

  it("forwards the viewer address: /api/* keeps API Gateway's Host out and writes the viewer's address in a viewer-request function, over anything the client sent", () => {
    const { behavior } = apiOriginOf(web);
    expect(behavior.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    const associations = behavior.FunctionAssociations as {
      FunctionARN: unknown;
      EventType: string;
    }[];
    expect(associations).toHaveLength(1);
    expect(associations[0]!.EventType).toBe('viewer-request');
    const functions = Object.entries(resourcesOfType(web, 'AWS::CloudFront::Function'));
    const [, viewerAddress] = functions.find(([id]) =>
      JSON.stringify(associations[0]!.FunctionARN).includes(id),
    )!;
    const code = String(viewerAddress.Properties?.FunctionCode);
    expect(code).toContain(
      `request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip }`,
    );
  });

  it('allows the media bucket only the stage’s own origin, once the distribution exists', () => {
    const [cors] = Object.values(resourcesOfType(web, 'Custom::AWS'));
    const create = JSON.stringify(cors?.Properties?.Create);
    expect(create).toContain('putBucketCors');
    const distributionId = Object.keys(resourcesOfType(web, 'AWS::CloudFront::Distribution'))[0]!;
    expect(create).toContain('AllowedOrigins');
    expect(create).toContain(`{"Fn::GetAtt":["${distributionId}","DomainName"]}`);
    expect(create).not.toContain('*.cloudfront.net');
    expect(JSON.stringify(web.toJSON())).not.toContain('*.cloudfront.net');
    // Its handler may change the CORS of the media bucket and nothing else.
    const policies = Object.values(resourcesOfType(web, 'AWS::IAM::Policy')).map((p) =>
      JSON.stringify(p.Properties?.PolicyDocument),
    );
    const corsPolicy = policies.find((p) => p.includes('s3:PutBucketCORS'));
    expect(corsPolicy).toBeDefined();
    expect(corsPolicy).not.toContain('"Resource":"*"');
  });

  it('sets the account’s monthly text spend limit in End User Messaging and alarms the operators near it and on undelivered texts', () => {
    const [limit] = Object.values(resourcesOfType(jobs, 'Custom::AWS'));
    expect(JSON.parse(limit?.Properties?.Create as string)).toMatchObject({
      service: '@aws-sdk/client-pinpoint-sms-voice-v2',
      action: 'SetTextMessageSpendLimitOverrideCommand',
      parameters: { MonthlyLimit: 1 },
    });
    expect(limit?.Properties?.Delete).toBeUndefined();
    jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SMSVoice',
      MetricName: 'TextMessageMonthlySpend',
      Threshold: 0.8,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    const delivery = Object.values(resourcesOfType(jobs, 'AWS::CloudWatch::Alarm')).filter(
      (alarm) => JSON.stringify(alarm.Properties?.Metrics ?? '').includes('PartsDelivered'),
    );
    expect(delivery).toHaveLength(1);
    const topics = resourcesOfType(jobs, 'AWS::SNS::Topic');
    const operators = Object.entries(topics).find(([id]) => id.includes('OperatorAlarms'));
    expect(operators).toBeDefined();
    for (const alarm of Object.values(resourcesOfType(jobs, 'AWS::CloudWatch::Alarm'))) {
      expect(alarm.Properties?.AlarmActions).toEqual([{ Ref: operators![0] }]);
    }
  });

  it('takes the SMS limit and the operators’ email from context', () => {
    const custom = buildTestApp({
      stage: 'dev',
      smsMonthlySpendLimitUsd: '250',
      operatorsEmail: 'ops@sailpost.app',
    });
    const template = Template.fromStack(custom.jobs);
    const [limit] = Object.values(resourcesOfType(template, 'Custom::AWS'));
    expect(limit?.Properties?.Create).toContain('"MonthlyLimit":250');
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'TextMessageMonthlySpend',
      Threshold: 200,
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@sailpost.app',
    });
    expect(() => buildTestApp({ stage: 'dev', smsMonthlySpendLimitUsd: 'lots' })).toThrow(
      /smsMonthlySpendLimitUsd/,
    );
  });

  it('passes cdk-nag', () => {
    for (const stack of [built.data, built.jobs, built.api, built.web]) {
      expect(nagFindings(stack), stack.stackName).toEqual([]);
    }
  });
});
