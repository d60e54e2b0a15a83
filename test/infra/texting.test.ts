import { ArnFormat, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PolicyStatement as IamStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnTopic, ITopic } from 'aws-cdk-lib/aws-sns';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUP_DECLARATIONS, JOB_DECLARATIONS } from '#functions/catalogue';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import { AppTemplates } from './declared-grants';
import { isAllowed, resolvePseudo, type PolicyStatement, type Request } from './resource-policy';
import { buildTestApp } from './support';

const ACCOUNT = '123456789012';
const REGION = 'us-east-1';
const env = { account: ACCOUNT, region: REGION };
const INBOUND_TOPIC_ARN = `arn:aws:sns:${REGION}:${ACCOUNT}:sailpost-dev-inbound-sms`;
const SMS_VOICE = 'sms-voice.amazonaws.com';

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

const stacksOf = (built: SailpostApp) => [built.data, built.jobs, built.api, built.web];

/** Every Allow statement of every identity policy in the app (inline, attached or managed). */
const identityStatements = (built: SailpostApp) =>
  stacksOf(built).flatMap((stack) => {
    const resources = Template.fromStack(stack).toJSON().Resources as Resources;
    return Object.entries(resources).flatMap(([id, resource]) => {
      const documents: unknown[] =
        resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy'
          ? [resource.Properties?.PolicyDocument]
          : resource.Type === 'AWS::IAM::Role'
            ? (
                (resource.Properties?.Policies as { PolicyDocument: unknown }[] | undefined) ?? []
              ).map((policy) => policy.PolicyDocument)
            : [];
      return documents.flatMap((document) =>
        ((document as { Statement?: PolicyStatement[] })?.Statement ?? [])
          .filter((statement) => statement.Effect === 'Allow')
          .map((statement) => ({ where: `${stack.stackName}/${id}`, statement })),
      );
    });
  });

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** Statements that let someone publish to any topic or phone number: sns:Publish on "*". */
const publishOnAnything = (built: SailpostApp) =>
  identityStatements(built)
    .filter(({ statement }) =>
      asList(statement.Action).some(
        (action) => typeof action === 'string' && /^(\*|sns:\*|sns:publish)$/i.test(action),
      ),
    )
    .filter(({ statement }) => asList(statement.Resource).includes('*'))
    .map(({ where }) => where);

/** The statements of the topic policies attached to `topic`, pseudo parameters resolved. */
const topicPolicyOf = (built: SailpostApp, topic: ITopic, topicArn: string): PolicyStatement[] => {
  const stack = Stack.of(topic);
  const topicId = stack.getLogicalId(topic.node.defaultChild as CfnTopic);
  const resources = Template.fromStack(stack).toJSON().Resources as Resources;
  return Object.values(resources)
    .filter(
      (resource) =>
        resource.Type === 'AWS::SNS::TopicPolicy' &&
        JSON.stringify(resource.Properties?.Topics) === JSON.stringify([{ Ref: topicId }]),
    )
    .flatMap(
      (resource) =>
        (
          resolvePseudo(resource.Properties?.PolicyDocument, {
            ...env,
            refs: { [topicId]: topicArn },
          }) as { Statement: PolicyStatement[] }
        ).Statement,
    );
};

/** The key policy of the KMS key a topic is encrypted with (fails if it is not a key of ours). */
const keyPolicyOf = (built: SailpostApp, topic: ITopic): PolicyStatement[] => {
  const stack = Stack.of(topic);
  const resources = Template.fromStack(stack).toJSON().Resources as Resources;
  const topicId = stack.getLogicalId(topic.node.defaultChild as CfnTopic);
  const keyRef = resources[topicId]?.Properties?.KmsMasterKeyId as
    { 'Fn::GetAtt': [string, string] } | undefined;
  const keyId = keyRef?.['Fn::GetAtt']?.[0];
  const key = keyId ? resources[keyId] : undefined;
  if (key?.Type !== 'AWS::KMS::Key') {
    throw new Error(
      `The topic is not encrypted with a key of this stack: ${JSON.stringify(keyRef)}`,
    );
  }
  return (resolvePseudo(key.Properties?.KeyPolicy, env) as { Statement: PolicyStatement[] })
    .Statement;
};

const textingFunctions = () =>
  [
    ...Object.entries(ENDPOINT_GROUP_DECLARATIONS).map(([name, d]) => ({ name, d })),
    ...Object.entries(JOB_DECLARATIONS).map(([name, d]) => ({ name: `jobs/${name}`, d })),
  ]
    .filter(({ d }) => d.bindings.sms)
    .map(({ name }) => name);

describe('texting permission', () => {
  let built: SailpostApp;

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev' }, { env });
  });

  it('grants sns:Publish on "*" to nobody, in any stack and stage', () => {
    expect(textingFunctions().length).toBeGreaterThan(0);
    expect(publishOnAnything(built)).toEqual([]);
    const prod = buildTestApp(
      {
        stage: 'prod',
        smsOriginationIdentity: `arn:aws:sms-voice:${REGION}:${ACCOUNT}:pool/pool-0123456789abcdef`,
      },
      { env },
    );
    expect(publishOnAnything(prod)).toEqual([]);
  });

  it('finds a grant of sns:Publish on "*" where there is one', () => {
    const careless = buildTestApp({ stage: 'dev' }, { env });
    const meta = careless.api.functions.get('meta')!;
    meta.role.addToPrincipalPolicy(
      new IamStatement({ actions: ['sns:Publish'], resources: ['*'] }),
    );
    expect(publishOnAnything(careless)).toHaveLength(1);
  });

  describe('the inbound-replies topic', () => {
    const publish = (
      statements: PolicyStatement[],
      principal: Request['principal'],
      context: Record<string, string>,
    ) =>
      isAllowed(
        statements,
        {
          principal,
          action: 'sns:Publish',
          resource: INBOUND_TOPIC_ARN,
          context: { 'aws:SecureTransport': 'true', ...context },
        },
        // The finding: a function taken over holds sns:Publish in its own policy.
        { account: ACCOUNT, identityAllows: true },
      );
    const messagingService = (account: string) => ({
      'aws:PrincipalServiceName': SMS_VOICE,
      'aws:PrincipalIsAWSService': 'true',
      'aws:SourceAccount': account,
      'aws:SourceArn': `arn:aws:sms-voice:${REGION}:${account}:phone-number/phone-0123456789abcdef`,
    });

    it('takes replies from End User Messaging SMS for this account, from no one else', () => {
      const policy = topicPolicyOf(built, built.jobs.inboundSmsTopic, INBOUND_TOPIC_ARN);
      expect(publish(policy, { service: SMS_VOICE }, messagingService(ACCOUNT))).toBe(true);
      // The same service acting for another account (the confused deputy).
      expect(publish(policy, { service: SMS_VOICE }, messagingService('999999999999'))).toBe(false);
      // Each function that may text, were it taken over, and the account itself.
      for (const name of textingFunctions()) {
        const role = `arn:aws:iam::${ACCOUNT}:role/Sailpost-Dev-${name.replace('/', '-')}`;
        expect(publish(policy, { arn: role }, {}), name).toBe(false);
      }
      expect(publish(policy, { arn: `arn:aws:iam::${ACCOUNT}:root` }, {})).toBe(false);
      // Another service principal, even one this account uses.
      expect(
        publish(
          policy,
          { service: 'events.amazonaws.com' },
          { ...messagingService(ACCOUNT), 'aws:PrincipalServiceName': 'events.amazonaws.com' },
        ),
      ).toBe(false);
    });

    it('is encrypted with a key End User Messaging SMS may use for this account only', () => {
      const key = keyPolicyOf(built, built.jobs.inboundSmsTopic);
      const use = (action: string, account: string) =>
        isAllowed(
          key,
          {
            principal: { service: SMS_VOICE },
            action,
            resource: '*',
            context: messagingService(account),
          },
          { account: ACCOUNT, identityAllows: false },
        );
      expect(use('kms:GenerateDataKey', ACCOUNT)).toBe(true);
      expect(use('kms:Decrypt', ACCOUNT)).toBe(true);
      expect(use('kms:GenerateDataKey', '999999999999')).toBe(false);
      expect(use('kms:ScheduleKeyDeletion', ACCOUNT)).toBe(false);
    });
  });

  describe('the sending identity', () => {
    const phoneNumbers = (app: SailpostApp) =>
      Object.values(Template.fromStack(app.jobs).toJSON().Resources as Resources).filter(
        (resource) => resource.Type === 'AWS::SMSVOICE::PhoneNumber',
      );

    it('is a simulator number for a stage that names none, its replies going to the inbound topic', () => {
      const [number, ...others] = phoneNumbers(built);
      expect(others).toEqual([]);
      const topicId = Stack.of(built.jobs).getLogicalId(
        built.jobs.inboundSmsTopic.node.defaultChild as CfnTopic,
      );
      expect(number?.Properties).toMatchObject({
        NumberType: 'SIMULATOR',
        NumberCapabilities: ['SMS'],
        OptOutListName: 'Default',
        // No channel role: the messaging service publishes under the topic policy.
        TwoWay: { Enabled: true, ChannelArn: { Ref: topicId } },
      });
      expect(number?.Properties?.TwoWay).not.toHaveProperty('ChannelRole');
    });

    it('is the phone number or pool the stage names, and then none is made', () => {
      const named = buildTestApp(
        {
          stage: 'dev',
          smsOriginationIdentity: `arn:aws:sms-voice:${REGION}:${ACCOUNT}:phone-number/phone-abc123`,
        },
        { env },
      );
      expect(phoneNumbers(named)).toEqual([]);
      expect(named.jobs.smsSendingIdentity).toEqual({
        originationIdentityArn: `arn:aws:sms-voice:${REGION}:${ACCOUNT}:phone-number/phone-abc123`,
        optOutListArn: `arn:aws:sms-voice:${REGION}:${ACCOUNT}:opt-out-list/Default`,
      });
    });

    it('must be given to prod, and be an ARN of a phone number or pool', () => {
      expect(() => buildTestApp({ stage: 'prod', smsOriginationIdentity: undefined })).toThrow(
        /prod stage texts real people: give it its sending identity with -c smsOriginationIdentity=/,
      );
      for (const wrong of [
        '+15555550100',
        `arn:aws:sms-voice:${REGION}:${ACCOUNT}:sender-id/X/US`,
      ]) {
        expect(() => buildTestApp({ stage: 'dev', smsOriginationIdentity: wrong }), wrong).toThrow(
          /smsOriginationIdentity must be the ARN of an End User Messaging SMS phone number or pool/,
        );
      }
      expect(() => buildTestApp({ stage: 'dev', smsOriginationNumber: '+15555550100' })).toThrow(
        /smsOriginationNumber is no longer read/,
      );
    });
  });

  describe('email', () => {
    const sesResources = (app: SailpostApp) => {
      const templates = new AppTemplates(app);
      return [...app.api.functions, ...app.jobs.functions].flatMap(([, fn]) =>
        templates
          .grantsOf(fn)
          .filter((grant) => grant.action.startsWith('ses:'))
          .map((grant) => ({ grant, expected: fn })),
      );
    };
    const identityArn = (app: SailpostApp, scope: Stack, identity: string) =>
      new AppTemplates(app).valueOf(
        scope,
        scope.formatArn({
          service: 'ses',
          resource: 'identity',
          resourceName: identity,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      );

    it("sends only from the stage's email identity: the domain of emailFrom, or emailIdentity", () => {
      const grants = sesResources(built);
      expect(grants.length).toBeGreaterThan(0);
      for (const { grant, expected } of grants) {
        expect(grant.resource).toBe(identityArn(built, Stack.of(expected), 'sailpost.app'));
      }
      const own = buildTestApp(
        {
          stage: 'dev',
          emailFrom: 'Ops <ops@mail.example.com>',
          emailIdentity: 'ops@mail.example.com',
        },
        { env },
      );
      for (const { grant, expected } of sesResources(own)) {
        expect(grant.resource).toBe(identityArn(own, Stack.of(expected), 'ops@mail.example.com'));
      }
    });
  });
});
