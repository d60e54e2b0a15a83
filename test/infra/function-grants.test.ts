import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUP_DECLARATIONS, JOB_DECLARATIONS } from '#functions/catalogue';
import type { FunctionDeclaration } from '#functions/core/bindings';
import { JOB_NAMES } from '#functions/core/jobs/names';
import { endpointEntryOf } from '#infra/constructs/function-bundling';
import { SailpostFunction } from '#infra/constructs/sailpost-function';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import {
  AppTemplates,
  bindingListsVariable,
  compareGrants,
  expectedEnvironment,
  expectedGrants,
  type BindingContext,
  type Grant,
} from './declared-grants';
import { buildTestApp, nagFindings } from './support';

interface Checked {
  readonly name: string;
  readonly fn: SailpostFunction;
  readonly declaration: FunctionDeclaration;
  readonly kind: 'endpoint' | 'job';
}

const functionsOf = (built: SailpostApp): Checked[] => [
  ...[...built.api.functions].map(([group, fn]) => ({
    name: group,
    fn,
    declaration: ENDPOINT_GROUP_DECLARATIONS[group],
    kind: 'endpoint' as const,
  })),
  ...[...built.jobs.functions].map(([job, fn]) => ({
    name: `jobs/${job}`,
    fn,
    declaration: JOB_DECLARATIONS[job],
    kind: 'job' as const,
  })),
];

const comparisonOf = (
  templates: AppTemplates,
  built: SailpostApp,
  { fn, declaration, kind }: Checked,
  context: BindingContext,
) =>
  compareGrants(
    templates.grantsOf(fn),
    expectedGrants(templates, built, fn, declaration, context, kind),
  );

/** Every function's variables: exactly its bindings' (AWS forms, named in BINDING_VARIABLES). */
const expectEnvironmentDeclared = (
  templates: AppTemplates,
  built: SailpostApp,
  checked: Checked,
  context: BindingContext & { emailFrom?: string },
) => {
  const expected = expectedEnvironment(templates, built, checked.fn, checked.declaration, context);
  const actual = templates.environmentOf(checked.fn);
  expect(Object.keys(actual).sort(), checked.name).toEqual([...expected.keys()].sort());
  for (const [name, { value, binding }] of expected) {
    expect(actual[name], `${checked.name} ${name}`).toBe(value);
    if (binding !== 'common') expect(bindingListsVariable(binding, name), name).toBe(true);
  }
};

describe('each function is granted exactly what its declaration names', () => {
  let built: SailpostApp;
  let templates: AppTemplates;

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev' });
    templates = new AppTemplates(built);
  });

  it('builds one function per endpoint group with routes and one per job', () => {
    expect([...built.jobs.functions.keys()].sort()).toEqual([...JOB_NAMES].sort());
    expect(built.api.functions.size).toBeGreaterThan(0);
  });

  it('grants every function its declared bindings, and nothing else', () => {
    for (const checked of functionsOf(built)) {
      expect(comparisonOf(templates, built, checked, {}), checked.name).toEqual({
        unexplained: [],
        missing: [],
      });
    }
  });

  it('gives meta no table, token key, SES, texting or SSM grant - only its logs, X-Ray and the origin key', () => {
    const meta = built.api.functions.get('meta');
    if (!meta) throw new Error('meta has no function');
    const grants = templates.grantsOf(meta);
    const actions = new Set(grants.map((grant) => grant.action));
    expect(
      [...actions].filter((action) => /^(dynamodb|ses|sns|sms-voice|ssm):/.test(action)),
    ).toEqual([]);
    expect([...actions].sort()).toEqual([
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
    const originKey = templates.valueOf(built.data, built.data.originVerifySecret.secretArn);
    expect(
      grants.filter((grant) => grant.action.startsWith('secretsmanager:')).map((g) => g.resource),
    ).toEqual([originKey, originKey]);
  });

  it("lets only the functions that text send texts, from the stage's identity alone, and the token key and table writes only where declared", () => {
    const identity = templates.valueOf(
      built.jobs,
      built.jobs.smsSendingIdentity.originationIdentityArn,
    );
    const optOutList = templates.valueOf(built.jobs, built.jobs.smsSendingIdentity.optOutListArn);
    for (const checked of functionsOf(built)) {
      const { bindings } = checked.declaration;
      const grants = templates.grantsOf(checked.fn);
      const actions = new Set(grants.map((grant) => grant.action));
      const texting = grants.filter((grant) => /^(sns|sms-voice):/.test(grant.action));
      expect(texting, checked.name).toEqual(
        bindings.sms
          ? [
              { action: 'sms-voice:SendTextMessage', resource: identity },
              { action: 'sms-voice:DeleteOptedOutNumber', resource: optOutList },
            ]
          : [],
      );
      expect(actions.has('dynamodb:PutItem'), checked.name).toBe(bindings.table === 'read-write');
      const tokenKey = templates.valueOf(built.data, built.data.jwtSecret.secretArn);
      expect(
        templates.grantsOf(checked.fn).some((grant) => grant.resource === tokenKey),
        checked.name,
      ).toBe(bindings.secrets?.includes('tokenKey') === true);
    }
    const texting = functionsOf(built)
      .filter((checked) => checked.declaration.bindings.sms)
      .map((checked) => checked.name);
    expect(texting.sort()).toEqual([
      'auth',
      'jobs/company-morning',
      'jobs/connection-health',
      'jobs/content-generation',
      'jobs/daily-drafts',
      'jobs/publisher',
      'jobs/sms-inbound',
      'jobs/sweeper',
      'jobs/text-later',
    ]);
  });

  it('lets only the platforms endpoints, the company clean-up (which revokes grants), the publisher and results collection (which read posts as their author) read the credential key, and gives the endpoints the media bucket', () => {
    const credentialKey = templates.valueOf(built.data, built.data.credentialKeySecret.secretArn);
    const readers = functionsOf(built)
      .filter((checked) =>
        templates.grantsOf(checked.fn).some((grant) => grant.resource === credentialKey),
      )
      .map((checked) => checked.name);
    expect(readers.sort()).toEqual([
      'jobs/company-cleanup',
      'jobs/publisher',
      'jobs/results-collection',
      'platforms',
    ]);
    const platforms = built.api.functions.get('platforms')!;
    const media = templates.valueOf(built.data, `${built.data.mediaBucket.bucketArn}/*`);
    const grants = templates.grantsOf(platforms);
    expect(
      grants
        .filter((grant) => grant.resource === media)
        .map((grant) => grant.action)
        .sort(),
    ).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(grants.map((grant) => grant.action)).toContain('dynamodb:UpdateItem');
    expect(templates.environmentOf(platforms).CREDENTIAL_KEY_ARN).toBeTruthy();
  });

  it('lets the media bucket be listed only by its writers: the media, platforms and support endpoints, the two clean-ups, the thumbnail job and the publisher', () => {
    const bucket = templates.valueOf(built.data, built.data.mediaBucket.bucketArn);
    const listers = functionsOf(built)
      .filter((checked) =>
        templates
          .grantsOf(checked.fn)
          .some((grant) => grant.resource === bucket && grant.action === 's3:ListBucket'),
      )
      .map((checked) => checked.name);
    expect(listers.sort()).toEqual([
      'jobs/campaign-cleanup',
      'jobs/company-cleanup',
      'jobs/media-thumbnail',
      'jobs/publisher',
      'media',
      'platforms',
      'support',
    ]);
    // No other bucket-level action, for anyone.
    const bucketActions = functionsOf(built).flatMap((checked) =>
      templates
        .grantsOf(checked.fn)
        .filter((grant) => grant.resource === bucket)
        .map((grant) => grant.action),
    );
    expect(new Set(bucketActions)).toEqual(new Set(['s3:ListBucket']));
  });

  it('lets only the media endpoints start the thumbnail job, which touches only the table and the media objects', () => {
    const thumbnails = built.jobs.functions.get('media-thumbnail')!;
    const arn = templates.valueOf(built.jobs, thumbnails.function.functionArn);
    const starters = functionsOf(built)
      .filter((checked) =>
        templates
          .grantsOf(checked.fn)
          .some((grant) => grant.action === 'lambda:InvokeFunction' && grant.resource === arn),
      )
      .map((checked) => checked.name);
    expect(starters).toEqual(['media']);

    const table = templates.valueOf(built.data, built.data.table.tableArn);
    const objects = templates.valueOf(built.data, `${built.data.mediaBucket.bucketArn}/*`);
    const bucket = templates.valueOf(built.data, built.data.mediaBucket.bucketArn);
    const services = new Set(
      templates.grantsOf(thumbnails).map((grant) => grant.action.split(':')[0]),
    );
    // Its logs, X-Ray, the DLQ; DynamoDB and S3 — no secrets, no other function, no texts.
    expect([...services].sort()).toEqual(['dynamodb', 'logs', 's3', 'sqs', 'xray']);
    const s3 = templates
      .grantsOf(thumbnails)
      .filter((grant) => grant.action.startsWith('s3:'))
      .map(
        (grant) =>
          `${grant.action} ${grant.resource === objects ? 'objects' : grant.resource === bucket ? 'bucket' : grant.resource}`,
      );
    expect(s3.sort()).toEqual([
      's3:DeleteObject objects',
      's3:GetObject objects',
      's3:ListBucket bucket',
      's3:PutObject objects',
    ]);
    expect(
      templates
        .grantsOf(thumbnails)
        .filter((grant) => grant.action.startsWith('dynamodb:'))
        .every((grant) => grant.resource === table || grant.resource.includes('index')),
    ).toBe(true);
  });

  it('lets the publisher schedule its own next attempt without naming itself, and the scheduler fire it', () => {
    const publisher = built.jobs.functions.get('publisher')!;
    const environment = templates.environmentOf(publisher);
    // CloudFormation cannot give a function its own ARN: the job reads it from its invocation.
    expect(environment).not.toHaveProperty('JOB_PUBLISHER_ARN');
    expect(environment.SCHEDULE_GROUP).toBeTruthy();
    const actions = templates.grantsOf(publisher).map((grant) => grant.action);
    expect(actions).toEqual(expect.arrayContaining(['scheduler:UpdateSchedule', 'iam:PassRole']));
    // Its media access is reading the post's images and writing the JPEG rendition of a PNG or
    // GIF that Instagram needs when the media-thumbnail job has not yet.
    const objects = templates.valueOf(built.data, `${built.data.mediaBucket.bucketArn}/*`);
    expect(
      templates
        .grantsOf(publisher)
        .filter((grant) => grant.resource === objects)
        .map((grant) => grant.action)
        .sort(),
    ).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);

    const arn = templates.valueOf(built.jobs, publisher.function.functionArn);
    expect(
      templates
        .grantsOfRole(built.jobs.schedulerRole)
        .some((grant) => grant.action === 'lambda:InvokeFunction' && grant.resource === arn),
    ).toBe(true);
  });

  it('requires the origin key on every endpoint function', () => {
    for (const checked of functionsOf(built).filter((c) => c.kind === 'endpoint')) {
      expect(checked.declaration.bindings.secrets, checked.name).toContain('originKey');
      expect(templates.environmentOf(checked.fn).ORIGIN_VERIFY_KEY_ARN, checked.name).toBeTruthy();
    }
  });

  it("sets exactly the environment variables of each function's bindings", () => {
    for (const checked of functionsOf(built))
      expectEnvironmentDeclared(templates, built, checked, {});
  });

  it('lets every job write its idempotency claim and send what keeps failing to the DLQ', () => {
    for (const checked of functionsOf(built).filter((candidate) => candidate.kind === 'job')) {
      expect(checked.declaration.bindings.table, checked.name).toBe('read-write');
      expect(
        templates.grantsOf(checked.fn).map((grant) => grant.action),
        checked.name,
      ).toContain('sqs:SendMessage');
    }
  });
});

describe('the comparison', () => {
  const logs: Grant = { action: 'logs:PutLogEvents', resource: '"log-group"' };
  const table: Grant = { action: 'dynamodb:GetItem', resource: '"table"' };

  it('reports a grant no binding explains', () => {
    expect(compareGrants([logs, table], [logs])).toEqual({ unexplained: [table], missing: [] });
  });

  it('reports a declared binding that is not granted', () => {
    expect(compareGrants([logs], [logs, table])).toEqual({ unexplained: [], missing: [table] });
  });

  it('tells a conditional grant from an unconditional one', () => {
    const conditional = { ...table, condition: '{"Bool":{"x":"true"}}' };
    expect(compareGrants([table], [conditional])).toEqual({
      unexplained: [table],
      missing: [conditional],
    });
  });

  it('fails a synthesized function that is granted what it does not declare', () => {
    const built = buildTestApp({ stage: 'dev' });
    const meta = built.api.functions.get('meta');
    if (!meta) throw new Error('meta has no function');
    // What meta had before its declaration: the table and the token key.
    meta.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [built.data.table.tableArn],
      }),
    );
    built.data.jwtSecret.grantRead(meta.role);
    const templates = new AppTemplates(built);
    const { unexplained, missing } = comparisonOf(
      templates,
      built,
      { name: 'meta', fn: meta, declaration: ENDPOINT_GROUP_DECLARATIONS.meta, kind: 'endpoint' },
      {},
    );
    expect(missing).toEqual([]);
    expect(unexplained.map((grant) => grant.action).sort()).toEqual([
      'dynamodb:GetItem',
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
  });
});

describe('bindings that depend on the stage context', () => {
  const identity = 'arn:aws:sms-voice:eu-west-1:123456789012:phone-number/phone-0123456789abcdef';
  const context = {
    openAiSecretName: 'sailpost/dev/openai',
    smsOriginationIdentity: identity,
    smsOptOutList: 'sailpost-dev',
    emailFrom: 'Test <t@mail.example.com>',
    emailIdentity: 'mail.example.com',
    // LinkedIn's client without post analytics (the default: LinkedIn grants them per app).
    linkedInClientId: 'linkedin-client-id',
    linkedInClientSecretName: 'sailpost/dev/linkedin',
  };
  let built: SailpostApp;
  let templates: AppTemplates;

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev', ...context });
    templates = new AppTemplates(built);
  });

  it("grants the OpenAI key, and texting from the stage's identity, only where declared", () => {
    for (const checked of functionsOf(built)) {
      expect(comparisonOf(templates, built, checked, context), checked.name).toEqual({
        unexplained: [],
        missing: [],
      });
      expectEnvironmentDeclared(templates, built, checked, context);
    }
    const ai = templates.environmentOf(built.api.functions.get('ai')!);
    expect(ai.OPENAI_SECRET_ARN).toContain('secret:sailpost/dev/openai');
    const auth = templates.environmentOf(built.api.functions.get('auth')!);
    expect(auth.SMS_ORIGINATION_IDENTITY).toBe(JSON.stringify(identity));
    expect(auth.SMS_OPT_OUT_LIST).toBe(
      '"arn:aws:sms-voice:eu-west-1:123456789012:opt-out-list/sailpost-dev"',
    );
    // A stage that names its identity gets no simulator number.
    expect(built.jobs.smsOrigination.simulatorNumber).toBeUndefined();
  });

  it("reads no LinkedIn post's results unless context says LinkedIn granted post analytics", () => {
    const collection = templates.environmentOf(built.jobs.functions.get('results-collection')!);
    expect(collection.LINKEDIN_CLIENT_ID).toBe('"linkedin-client-id"');
    expect(collection).not.toHaveProperty('LINKEDIN_POST_ANALYTICS');
  });
});

describe('a function binding everything', () => {
  const everything = (access: 'read' | 'read-write'): FunctionDeclaration => ({
    bindings: {
      table: access,
      mediaBucket: access,
      sms: true,
      email: true,
      appUrl: true,
      schedules: ['company-cleanup'],
      starts: ['sweeper'],
      googleClientId: true,
      analyticsId: true,
      secrets: [
        'tokenKey',
        'openAiKey',
        'credentialKey',
        'xClientSecret',
        'linkedInClientSecret',
        'googleClientSecret',
        'stripeSecretKey',
        'stripeWebhookSecret',
        'measurementProtocolSecret',
      ],
    },
    memoryMb: 256,
    timeoutSeconds: 20,
  });
  const context = {
    openAiSecretName: 'sailpost/dev/openai',
    smsOriginationIdentity: 'arn:aws:sms-voice:us-east-1:123456789012:pool/pool-0123456789abcdef',
    xClientId: 'x-client-id',
    xClientSecretName: 'sailpost/dev/x',
    linkedInClientId: 'linkedin-client-id',
    linkedInClientSecretName: 'sailpost/dev/linkedin',
    linkedInPostAnalytics: 'true',
    googleClientId: 'google-client-id.apps.googleusercontent.com',
    googleClientSecretName: 'sailpost/dev/google',
    ga4MeasurementId: 'G-TEST12345',
    ga4ApiSecretName: 'sailpost/dev/ga4',
    stripeSecretName: 'sailpost/dev/stripe',
    stripeWebhookSecretName: 'sailpost/dev/stripe-webhook',
    stripePriceIntro: 'price_intro',
    stripePriceSilver: 'price_silver',
    stripePriceGold: 'price_gold',
    stripePricePlatinum: 'price_platinum',
  };
  let built: SailpostApp;
  let probes: Checked[];

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev', ...context });
    probes = (['read', 'read-write'] as const).map((access) => {
      const declaration = everything(access);
      const fn = new SailpostFunction(built.api, `probe-${access}`, {
        title: `probe (${access})`,
        entry: endpointEntryOf('meta'),
        declaration,
        targets: built.jobs.bindingTargets,
      });
      return { name: `probe-${access}`, fn, declaration, kind: 'endpoint' as const };
    });
  });

  it('cannot be built without its handler', () => {
    expect(
      () =>
        new SailpostFunction(built.api, 'orphan', {
          title: 'orphan endpoints',
          entry: '/nowhere/handler.ts',
          declaration: { bindings: {} },
          targets: built.jobs.bindingTargets,
        }),
    ).toThrow(/no handler at \/nowhere\/handler\.ts/);
  });

  it('is granted each binding, scoped to its resource', () => {
    const templates = new AppTemplates(built);
    for (const probe of probes) {
      expect(comparisonOf(templates, built, probe, context), probe.name).toEqual({
        unexplained: [],
        missing: [],
      });
      expectEnvironmentDeclared(templates, built, probe, context);
      const environment = templates.environmentOf(probe.fn);
      expect(environment.X_CLIENT_ID).toBe('"x-client-id"');
      expect(environment.LINKEDIN_CLIENT_SECRET_ARN).toContain('secret:sailpost/dev/linkedin');
      expect(environment.STRIPE_SECRET_KEY_ARN).toContain('secret:sailpost/dev/stripe');
      expect(environment.STRIPE_WEBHOOK_SECRET_ARN).toContain('secret:sailpost/dev/stripe-webhook');
      expect(environment.STRIPE_PRICE_GOLD).toBe('"price_gold"');
      expect(environment.LINKEDIN_POST_ANALYTICS).toBe('"true"');
    }
    // Context linkedInPostAnalytics=true: the functions with LinkedIn's client read its results
    // and ask for the scope; the others are not told.
    for (const name of ['results-collection', 'company-cleanup'] as const) {
      const job = templates.environmentOf(built.jobs.functions.get(name)!);
      expect(job.LINKEDIN_POST_ANALYTICS, name).toBe('"true"');
    }
    const platforms = templates.environmentOf(built.api.functions.get('platforms')!);
    expect(platforms.LINKEDIN_POST_ANALYTICS).toBe('"true"');
    expect(templates.environmentOf(built.api.functions.get('billing')!)).not.toHaveProperty(
      'LINKEDIN_POST_ANALYTICS',
    );
    // The billing function itself: Stripe's key, prices and webhook secret, nothing else's.
    const billing = templates.environmentOf(built.api.functions.get('billing')!);
    expect(billing.STRIPE_PRICE_PLATINUM).toBe('"price_platinum"');
    expect(billing.STRIPE_WEBHOOK_SECRET_ARN).toContain('secret:sailpost/dev/stripe-webhook');
    expect(billing).not.toHaveProperty('X_CLIENT_ID');
    // Google's client: the auth function's alone.
    const auth = templates.environmentOf(built.api.functions.get('auth')!);
    expect(auth.GOOGLE_CLIENT_ID).toBe('"google-client-id.apps.googleusercontent.com"');
    expect(auth.GOOGLE_CLIENT_SECRET_ARN).toContain('secret:sailpost/dev/google');
    for (const [name, fn] of built.api.functions) {
      if (name !== 'auth') {
        expect(templates.environmentOf(fn), name).not.toHaveProperty('GOOGLE_CLIENT_SECRET_ARN');
      }
    }
    // Meta shows 'Continue with Google' from the client's id: the id alone, never its secret.
    const meta = templates.environmentOf(built.api.functions.get('meta')!);
    expect(meta.GOOGLE_CLIENT_ID).toBe('"google-client-id.apps.googleusercontent.com"');
    const metaGrants = templates.grantsOf(built.api.functions.get('meta')!);
    expect(metaGrants.filter((grant) => grant.resource.includes('google'))).toEqual([]);
  });

  it('gives meta no Google client id when the stage has no Google client', () => {
    const withoutGoogle = buildTestApp({ stage: 'dev' });
    const meta = new AppTemplates(withoutGoogle).environmentOf(
      withoutGoogle.api.functions.get('meta')!,
    );
    expect(meta).not.toHaveProperty('GOOGLE_CLIENT_ID');
  });

  it('needs all of Stripe (both secrets and the four prices), or none of it', () => {
    expect(() => buildTestApp({ stage: 'dev', stripeSecretName: 'sailpost/dev/stripe' })).toThrow(
      /Stripe needs -c stripeSecretName=\.\.\. -c stripeWebhookSecretName=/,
    );
  });

  it('needs both the id and the secret of an OAuth client, or neither', () => {
    expect(() => buildTestApp({ stage: 'dev', xClientId: 'x-client-id' })).toThrow(
      /x needs both -c xClientId=\.\.\. and -c xClientSecretName=/,
    );
  });

  it("needs LinkedIn's client for its post analytics, and a yes or no", () => {
    expect(() => buildTestApp({ stage: 'dev', linkedInPostAnalytics: 'true' })).toThrow(
      /linkedInPostAnalytics needs the LinkedIn client/,
    );
    expect(() => buildTestApp({ stage: 'dev', ...context, linkedInPostAnalytics: 'yes' })).toThrow(
      /Context "linkedInPostAnalytics" must be true or false/,
    );
  });

  it('passes cdk-nag with a reason for each wildcard it needs', () => {
    expect(() => built.app.synth()).not.toThrow();
    expect(nagFindings(built.api)).toEqual([]);
  });
});
