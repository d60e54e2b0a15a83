import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import type { Bindings } from '#functions/core/bindings';
import type { JobName } from '#functions/core/jobs/names';
import { bindFunction, type BindingTargets } from '#infra/constructs/function-bindings';
import { stageConfig } from '#infra/constructs/stage';

const ACCOUNT = '123456789012';
const REGION = 'us-east-1';

/** A stack with the stage's resources imported by name: what bindings resolve against. */
const stageStack = (extra: Partial<BindingTargets> = {}) => {
  const stack = new Stack(new App(), 'Bindings', { env: { account: ACCOUNT, region: REGION } });
  const jobs = new Map<JobName, IFunction>();
  const targets: BindingTargets = {
    stage: stageConfig('dev'),
    logLevel: 'INFO',
    table: Table.fromTableName(stack, 'Table', 'sailpost-dev'),
    mediaBucket: Bucket.fromBucketName(stack, 'Media', 'sailpost-dev-media'),
    jwtSecret: Secret.fromSecretNameV2(stack, 'Jwt', 'sailpost/dev/jwt'),
    originVerifySecret: Secret.fromSecretNameV2(stack, 'Origin', 'sailpost/dev/origin'),
    credentialKeySecret: Secret.fromSecretNameV2(stack, 'Credential', 'sailpost/dev/credential'),
    emailFrom: 'Sailpost <hello@sailpost.example>',
    emailIdentity: 'sailpost.example',
    supportEmail: 'support@sailpost.example',
    sms: {
      originationIdentityArn: `arn:aws:sms-voice:${REGION}:${ACCOUNT}:pool/pool-1`,
      optOutListArn: `arn:aws:sms-voice:${REGION}:${ACCOUNT}:opt-out-list/Default`,
    },
    schedulerRole: Role.fromRoleArn(stack, 'Scheduler', `arn:aws:iam::${ACCOUNT}:role/scheduler`),
    deadLetterQueue: Queue.fromQueueArn(stack, 'Dlq', `arn:aws:sqs:${REGION}:${ACCOUNT}:dlq`),
    jobFunction: (job) => {
      const arn = `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${job}`;
      if (!jobs.has(job)) jobs.set(job, LambdaFunction.fromFunctionArn(stack, `Job-${job}`, arn));
      return jobs.get(job)!;
    },
    jobQueue: (job) => {
      const id = `Queue-${job}`;
      return (
        (stack.node.tryFindChild(id) as ReturnType<typeof Queue.fromQueueArn> | undefined) ??
        Queue.fromQueueArn(stack, id, `arn:aws:sqs:${REGION}:${ACCOUNT}:${job}`)
      );
    },
    ...extra,
  };
  return { stack, targets };
};

/** Binds `bindings` for a function in its own scope, and grants them to its own role. */
const bind = (
  { stack, targets }: ReturnType<typeof stageStack>,
  id: string,
  bindings: Bindings,
  job?: JobName,
) => {
  const scope = new Construct(stack, id);
  const role = new Role(scope, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  const bound = bindFunction(bindings, { scope, targets, job });
  bound.grantTo(role);
  return bound.environment;
};

const policiesOf = (stack: Stack) =>
  Object.keys(Template.fromStack(stack).findResources('AWS::IAM::Policy'));

describe('a function’s bindings, apart from the function', () => {
  it('give a function that declares none no variable and no grant', () => {
    const stage = stageStack();
    expect(bind(stage, 'Bare', {})).toEqual({});
    expect(policiesOf(stage.stack)).toEqual([]);
  });

  it('give a job that schedules itself the other jobs’ ARNs, never its own', () => {
    const environment = bind(
      stageStack(),
      'Publisher',
      { schedules: ['publisher', 'sweeper'] },
      'publisher',
    );
    expect(Object.keys(environment).sort()).toEqual([
      'JOB_SWEEPER_ARN',
      'SCHEDULER_DLQ_ARN',
      'SCHEDULER_ROLE_ARN',
      'SCHEDULE_GROUP',
    ]);
  });

  it('import a secret made by hand once per stack, however many functions read it', () => {
    const stage = stageStack({ openAiSecretName: 'sailpost/dev/openai' });
    const first = bind(stage, 'Ai', { secrets: ['openAiKey'] });
    const second = bind(stage, 'Drafts', { secrets: ['openAiKey'] });
    expect(Object.keys(first)).toEqual(['OPENAI_SECRET_ARN']);
    expect(second.OPENAI_SECRET_ARN).toBe(first.OPENAI_SECRET_ARN);
    expect(stage.stack.node.tryFindChild('OpenAiKey')).toBeDefined();
  });

  it('bind a secret whose account is not set up to nothing', () => {
    const stage = stageStack();
    const secrets: Bindings['secrets'] = [
      'openAiKey',
      'xClientSecret',
      'linkedInClientSecret',
      'googleClientSecret',
      'stripeSecretKey',
      'stripeWebhookSecret',
    ];
    expect(bind(stage, 'Unset', { secrets })).toEqual({});
    expect(policiesOf(stage.stack)).toEqual([]);
  });
});
