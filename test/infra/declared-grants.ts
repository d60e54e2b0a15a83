import { ArnFormat, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnRole, Role } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import {
  BINDING_VARIABLES,
  jobArnVariable,
  jobQueueVariable,
  type Bindings,
  type FunctionDeclaration,
} from '#functions/core/bindings';
import { GLOBAL_INDEXES } from '#functions/core/db/table';
import type { JobName } from '#functions/core/jobs/names';
import type { SailpostFunction } from '#infra/constructs/sailpost-function';
import type { SailpostApp } from '#infra/stacks/sailpost-app';

/**
 * What a function's declaration implies, restated here independently of the construct, and the
 * means to compare it with what the synthesized templates actually grant.
 *
 * Template values are compared in a canonical form: an import is replaced by the value its
 * exporting stack exports, and every Ref/GetAtt to a resource is tagged with the stack it lives
 * in - so `Fn::ImportValue Sailpost-Dev-Data:ExportsOutput...Table...Arn` in the API stack and the
 * table's ARN resolved in the data stack compare equal.
 */

/** One action on one resource (canonical JSON), under an optional condition (canonical JSON). */
export interface Grant {
  readonly action: string;
  readonly resource: string;
  readonly condition?: string;
}

export interface GrantComparison {
  /** Granted, but no declared binding (nor logs/X-Ray/DLQ) explains it. */
  readonly unexplained: Grant[];
  /** Implied by the declaration, but not granted. */
  readonly missing: Grant[];
}

type Json = unknown;
type TemplateJson = {
  Resources?: Record<string, { Type: string; Properties?: Record<string, Json> }>;
  Outputs?: Record<string, { Value: Json; Export?: { Name: Json } }>;
};

const stableStringify = (value: Json): string => {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, Json>)[key])}`,
      )
      .join(',')}}`;
  }
  return JSON.stringify(value);
};

const grantKey = (grant: Grant) => stableStringify(grant);

/** Compares granted with implied, one action on one resource at a time. */
export const compareGrants = (
  actual: readonly Grant[],
  expected: readonly Grant[],
): GrantComparison => {
  const actualKeys = new Set(actual.map(grantKey));
  const expectedKeys = new Set(expected.map(grantKey));
  const unique = (grants: readonly Grant[]) => [
    ...new Map(grants.map((grant) => [grantKey(grant), grant])).values(),
  ];
  return {
    unexplained: unique(actual.filter((grant) => !expectedKeys.has(grantKey(grant)))),
    missing: unique(expected.filter((grant) => !actualKeys.has(grantKey(grant)))),
  };
};

/** The synthesized templates of one app, by stack name, with the canonical form of their values. */
export class AppTemplates {
  private readonly templates = new Map<string, TemplateJson>();
  private readonly exports = new Map<string, { stackName: string; value: Json }>();

  constructor(private readonly built: SailpostApp) {
    for (const stack of [built.data, built.jobs, built.api, built.web]) {
      const template = Template.fromStack(stack).toJSON() as TemplateJson;
      this.templates.set(stack.stackName, template);
      for (const output of Object.values(template.Outputs ?? {})) {
        if (typeof output.Export?.Name === 'string') {
          this.exports.set(output.Export.Name, { stackName: stack.stackName, value: output.Value });
        }
      }
    }
  }

  /** A template value made comparable across stacks (see the file comment). */
  canonical(stackName: string, value: Json): Json {
    if (Array.isArray(value)) return value.map((item) => this.canonical(stackName, item));
    if (!value || typeof value !== 'object') return value;
    const object = value as Record<string, Json>;
    if ('Fn::ImportValue' in object) {
      const name = object['Fn::ImportValue'];
      const exported = typeof name === 'string' ? this.exports.get(name) : undefined;
      if (!exported) throw new Error(`No stack exports ${JSON.stringify(name)}`);
      return this.canonical(exported.stackName, exported.value);
    }
    if ('Ref' in object) {
      const ref = object.Ref as string;
      return ref.startsWith('AWS::') ? { Ref: ref } : { Ref: ref, stack: stackName };
    }
    if ('Fn::GetAtt' in object) return { 'Fn::GetAtt': object['Fn::GetAtt'], stack: stackName };
    if ('Fn::Join' in object) {
      const [delimiter, parts] = object['Fn::Join'] as [string, Json[]];
      if (delimiter === '')
        return this.joined(parts.map((part) => this.canonical(stackName, part)));
    }
    return Object.fromEntries(
      Object.entries(object).map(([key, item]) => [key, this.canonical(stackName, item)]),
    );
  }

  /** `Fn::Join ['', …]` with nested joins flattened and neighbouring strings merged. */
  private joined(parts: Json[]): Json {
    const merged: Json[] = [];
    const flat = parts.flatMap((part) => {
      const join = (part as Record<string, Json> | null)?.['Fn::Join'] as
        [string, Json[]] | undefined;
      return join && join[0] === '' ? join[1] : [part];
    });
    for (const part of flat) {
      const last = merged[merged.length - 1];
      if (typeof part === 'string' && typeof last === 'string')
        merged[merged.length - 1] = last + part;
      else if (part !== '') merged.push(part);
    }
    return merged.length === 1 ? merged[0] : { 'Fn::Join': ['', merged] };
  }

  /** A CDK token (or plain value) as it appears, canonically, in the stack of `owner`. */
  valueOf(owner: IConstruct, token: string): string {
    const stack = Stack.of(owner);
    return stableStringify(this.canonical(stack.stackName, stack.resolve(token)));
  }

  private resourcesOf(stackName: string) {
    return this.templates.get(stackName)?.Resources ?? {};
  }

  /** Every action-on-resource the role of `fn` is granted, from any policy in any stack. */
  grantsOf(fn: SailpostFunction): Grant[] {
    return this.grantsOfRole(fn.role);
  }

  /** Every action-on-resource `role` is granted: its own policies and any policy attached to it. */
  grantsOfRole(role: Role): Grant[] {
    const roleStack = Stack.of(role);
    const roleId = roleStack.getLogicalId(role.node.defaultChild as CfnRole);
    const roleRef = stableStringify({ Ref: roleId, stack: roleStack.stackName });
    const grants: Grant[] = [];
    const roleResource = this.resourcesOf(roleStack.stackName)[roleId];
    for (const arn of (roleResource?.Properties?.ManagedPolicyArns as Json[] | undefined) ?? []) {
      grants.push({ action: '(managed policy)', resource: stableStringify(arn) });
    }
    for (const policy of (roleResource?.Properties?.Policies as
      { PolicyDocument: Json }[] | undefined) ?? []) {
      grants.push(...this.statementGrants(roleStack.stackName, policy.PolicyDocument));
    }
    for (const [stackName] of this.templates) {
      for (const resource of Object.values(this.resourcesOf(stackName))) {
        if (resource.Type !== 'AWS::IAM::Policy') continue;
        const roles = (resource.Properties?.Roles as Json[] | undefined) ?? [];
        const attached = roles.some(
          (candidate) => stableStringify(this.canonical(stackName, candidate)) === roleRef,
        );
        if (attached) {
          grants.push(...this.statementGrants(stackName, resource.Properties?.PolicyDocument));
        }
      }
    }
    return grants;
  }

  private statementGrants(stackName: string, document: Json): Grant[] {
    const statements = ((document as { Statement?: Record<string, Json>[] })?.Statement ?? []).map(
      (statement) => this.canonical(stackName, statement) as Record<string, Json>,
    );
    return statements.flatMap((statement) => {
      const { Effect, Action, Resource, Condition, ...rest } = statement;
      if (Effect !== 'Allow' || Object.keys(rest).length > 0 || !Action || !Resource) {
        return [{ action: '(unsupported statement)', resource: stableStringify(statement) }];
      }
      return ([Action].flat() as string[]).flatMap((action) =>
        [Resource].flat().map((resource) => ({
          action,
          resource: stableStringify(resource),
          ...(Condition ? { condition: stableStringify(Condition) } : {}),
        })),
      );
    });
  }

  /** The function's environment variables, each value in canonical form. */
  environmentOf(fn: SailpostFunction): Record<string, string> {
    const stack = Stack.of(fn);
    const id = stack.getLogicalId(fn.function.node.defaultChild as CfnFunction);
    const properties = this.resourcesOf(stack.stackName)[id]?.Properties;
    const variables =
      (properties?.Environment as { Variables?: Record<string, Json> } | undefined)?.Variables ??
      {};
    return Object.fromEntries(
      Object.entries(variables).map(([name, value]) => [
        name,
        stableStringify(this.canonical(stack.stackName, value)),
      ]),
    );
  }
}

/** The stage's context that bindings depend on (what buildTestApp was given). */
export interface BindingContext {
  readonly openAiSecretName?: string;
  readonly emailIdentity?: string;
  readonly xClientId?: string;
  readonly xClientSecretName?: string;
  readonly linkedInClientId?: string;
  readonly linkedInClientSecretName?: string;
  /** `true` (or `"true"`, as `-c` gives it): LinkedIn granted the app post analytics. */
  readonly linkedInPostAnalytics?: boolean | string;
  readonly googleClientId?: string;
  readonly googleClientSecretName?: string;
  readonly ga4MeasurementId?: string;
  readonly ga4ApiSecretName?: string;
  readonly stripeSecretName?: string;
  readonly stripeWebhookSecretName?: string;
  readonly stripePriceIntro?: string;
  readonly stripePriceSilver?: string;
  readonly stripePriceGold?: string;
  readonly stripePricePlatinum?: string;
}

/** Stripe's two secrets, when the context configures Stripe: the binding and its secret's name. */
const stripeSecretsOf = (context: BindingContext) =>
  context.stripeSecretName && context.stripeWebhookSecretName
    ? ([
        {
          secret: 'stripeSecretKey',
          secretName: context.stripeSecretName,
          variable: 'STRIPE_SECRET_KEY_ARN',
        },
        {
          secret: 'stripeWebhookSecret',
          secretName: context.stripeWebhookSecretName,
          variable: 'STRIPE_WEBHOOK_SECRET_ARN',
        },
      ] as const)
    : [];

/** The OAuth client secrets a context configures: the binding, its secret's name, its client id. */
const oauthClientsOf = (context: BindingContext) =>
  [
    {
      secret: 'xClientSecret',
      secretName: context.xClientSecretName,
      clientId: context.xClientId,
      variables: ['X_CLIENT_SECRET_ARN', 'X_CLIENT_ID'],
    },
    {
      secret: 'linkedInClientSecret',
      secretName: context.linkedInClientSecretName,
      clientId: context.linkedInClientId,
      variables: ['LINKEDIN_CLIENT_SECRET_ARN', 'LINKEDIN_CLIENT_ID'],
    },
    {
      secret: 'googleClientSecret',
      secretName: context.googleClientSecretName,
      clientId: context.googleClientId,
      variables: ['GOOGLE_CLIENT_SECRET_ARN', 'GOOGLE_CLIENT_ID'],
    },
    // GA4's Measurement Protocol: the API secret comes with its data stream's measurement id.
    {
      secret: 'measurementProtocolSecret',
      secretName: context.ga4ApiSecretName,
      clientId: context.ga4MeasurementId,
      variables: ['GA4_API_SECRET_ARN', 'GA4_MEASUREMENT_ID'],
    },
  ] as const;

const many = (actions: readonly string[], owner: IConstruct, resources: readonly string[]) => ({
  actions,
  owner,
  resources,
});

/**
 * The grants a declaration implies - restated from the issue, not taken from the construct - plus
 * what every function has (writing to its own log group, the two X-Ray actions) and, for a job,
 * sending what keeps failing to the jobs stack's dead-letter queue.
 */
export const expectedGrants = (
  templates: AppTemplates,
  built: SailpostApp,
  fn: SailpostFunction,
  declaration: FunctionDeclaration,
  context: BindingContext,
  kind: 'endpoint' | 'job',
): Grant[] => {
  const { bindings } = declaration;
  const { data, jobs } = built;
  const here = Stack.of(fn);
  const arn = (service: string, resource: string, resourceName: string, format: ArnFormat) =>
    here.formatArn({ service, resource, resourceName, arnFormat: format });
  const parts: {
    actions: readonly string[];
    owner: IConstruct;
    resources: readonly string[];
    condition?: Json;
  }[] = [
    many(['logs:CreateLogStream', 'logs:PutLogEvents'], fn.logGroup, [fn.logGroup.logGroupArn]),
    many(['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], fn, ['*']),
  ];
  if (kind === 'job') {
    parts.push(many(['sqs:SendMessage'], jobs, [jobs.deadLetterQueue.queueArn]));
    // A queued job takes its own queue's items (what Lambda's SQS event source needs).
    const job = [...jobs.functions].find(([, each]) => each === fn)?.[0];
    const queued = job ? jobs.jobQueues.get(job) : undefined;
    if (queued) {
      parts.push(
        many(
          [
            'sqs:ReceiveMessage',
            'sqs:ChangeMessageVisibility',
            'sqs:GetQueueUrl',
            'sqs:DeleteMessage',
            'sqs:GetQueueAttributes',
          ],
          jobs,
          [queued.queue.queueArn],
        ),
      );
    }
  }
  if (bindings.table) {
    const read = [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:ConditionCheckItem',
    ];
    const write = [
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
    ];
    parts.push(
      many(bindings.table === 'read' ? read : [...read, ...write], data, [data.table.tableArn]),
      many(
        ['dynamodb:Query'],
        data,
        GLOBAL_INDEXES.map((index) => `${data.table.tableArn}/index/${index.indexName}`),
      ),
    );
  }
  if (bindings.mediaBucket) {
    const actions =
      bindings.mediaBucket === 'read'
        ? ['s3:GetObject']
        : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];
    parts.push(many(actions, data, [`${data.mediaBucket.bucketArn}/*`]));
    // A writer lists the bucket: prefix deletions, and 404 (not 403) for a missing object.
    if (bindings.mediaBucket === 'read-write') {
      parts.push(many(['s3:ListBucket'], data, [data.mediaBucket.bucketArn]));
    }
  }
  // Texts from the stage's identity alone; START on its opt-out list alone.
  if (bindings.sms) {
    parts.push(
      many(['sms-voice:SendTextMessage'], jobs, [jobs.smsSendingIdentity.originationIdentityArn]),
      many(['sms-voice:DeleteOptedOutNumber'], jobs, [jobs.smsSendingIdentity.optOutListArn]),
    );
  }
  // Email from the stage's verified identity alone (the domain of emailFrom by default).
  if (bindings.email) {
    parts.push(
      many(['ses:SendEmail', 'ses:SendRawEmail'], fn, [
        arn(
          'ses',
          'identity',
          context.emailIdentity ?? 'sailpost.app',
          ArnFormat.SLASH_RESOURCE_NAME,
        ),
      ]),
    );
  }
  if (bindings.appUrl) {
    parts.push(
      many(['ssm:GetParameter'], fn, [
        arn(
          'ssm',
          'parameter',
          built.stage.appUrlParameterName.slice(1),
          ArnFormat.SLASH_RESOURCE_NAME,
        ),
      ]),
    );
  }
  if (bindings.schedules?.length) {
    parts.push(
      many(
        [
          'scheduler:CreateSchedule',
          'scheduler:UpdateSchedule',
          'scheduler:DeleteSchedule',
          'scheduler:GetSchedule',
        ],
        fn,
        [
          arn(
            'scheduler',
            'schedule',
            `${built.stage.scheduleGroupName}/*`,
            ArnFormat.SLASH_RESOURCE_NAME,
          ),
        ],
      ),
      {
        ...many(['iam:PassRole'], jobs, [jobs.schedulerRole.roleArn]),
        condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      },
    );
  }
  for (const job of bindings.starts ?? []) {
    const target = jobs.functions.get(job)?.function;
    if (!target) throw new Error(`No function for job ${job}`);
    parts.push(many(['lambda:InvokeFunction'], target, [target.functionArn]));
  }
  for (const job of bindings.enqueues ?? []) {
    const queue = jobs.jobQueues.get(job)?.queue;
    if (!queue) throw new Error(`No queue for job ${job}`);
    parts.push(many(['sqs:SendMessage'], jobs, [queue.queueArn]));
  }
  const secretRead = ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'];
  if (bindings.secrets?.includes('tokenKey')) {
    parts.push(many(secretRead, data, [data.jwtSecret.secretArn]));
  }
  if (bindings.secrets?.includes('originKey')) {
    parts.push(many(secretRead, data, [data.originVerifySecret.secretArn]));
  }
  if (bindings.secrets?.includes('credentialKey')) {
    parts.push(many(secretRead, data, [data.credentialKeySecret.secretArn]));
  }
  if (bindings.secrets?.includes('openAiKey') && context.openAiSecretName) {
    parts.push(
      many(secretRead, fn, [
        arn(
          'secretsmanager',
          'secret',
          `${context.openAiSecretName}-??????`,
          ArnFormat.COLON_RESOURCE_NAME,
        ),
      ]),
    );
  }
  for (const stripe of stripeSecretsOf(context)) {
    if (!bindings.secrets?.includes(stripe.secret)) continue;
    parts.push(
      many(secretRead, fn, [
        arn(
          'secretsmanager',
          'secret',
          `${stripe.secretName}-??????`,
          ArnFormat.COLON_RESOURCE_NAME,
        ),
      ]),
    );
  }
  for (const client of oauthClientsOf(context)) {
    if (!bindings.secrets?.includes(client.secret) || !client.secretName) continue;
    parts.push(
      many(secretRead, fn, [
        arn(
          'secretsmanager',
          'secret',
          `${client.secretName}-??????`,
          ArnFormat.COLON_RESOURCE_NAME,
        ),
      ]),
    );
  }
  return parts.flatMap(({ actions, owner, resources, condition }) =>
    actions.flatMap((action) =>
      resources.map((resource) => ({
        action,
        resource: templates.valueOf(owner, resource),
        ...(condition ? { condition: stableStringify(condition) } : {}),
      })),
    ),
  );
};

/** The variables every function has, whatever it binds. */
export const COMMON_VARIABLES = [
  'STAGE',
  'NODE_OPTIONS',
  'POWERTOOLS_SERVICE_NAME',
  'LOG_LEVEL',
  'THROUGHPUT_LIMITS',
];

/**
 * The environment a declaration implies in AWS, each variable with its value (canonical), and the
 * binding it comes from (so a test can check the name is one BINDING_VARIABLES lists for it).
 */
export const expectedEnvironment = (
  templates: AppTemplates,
  built: SailpostApp,
  fn: SailpostFunction,
  declaration: FunctionDeclaration,
  context: BindingContext & { emailFrom?: string; supportEmail?: string },
): Map<string, { value: string; binding: keyof Bindings | 'common' }> => {
  const { bindings } = declaration;
  const { data, jobs, stage } = built;
  const here = Stack.of(fn);
  const result = new Map<string, { value: string; binding: keyof Bindings | 'common' }>();
  const add = (
    binding: keyof Bindings | 'common',
    name: string,
    owner: IConstruct,
    token: string,
  ) => result.set(name, { value: templates.valueOf(owner, token), binding });
  add('common', 'STAGE', fn, stage.name);
  add('common', 'NODE_OPTIONS', fn, '--enable-source-maps');
  add('common', 'POWERTOOLS_SERVICE_NAME', fn, 'sailpost');
  add('common', 'LOG_LEVEL', fn, 'INFO');
  add('common', 'THROUGHPUT_LIMITS', fn, JSON.stringify(stage.throughput));
  if (bindings.table) add('table', 'TABLE_NAME', data, data.table.tableName);
  if (bindings.mediaBucket) add('mediaBucket', 'MEDIA_BUCKET', data, data.mediaBucket.bucketName);
  if (bindings.sms) {
    add('sms', 'SMS_ORIGINATION_IDENTITY', jobs, jobs.smsSendingIdentity.originationIdentityArn);
    add('sms', 'SMS_OPT_OUT_LIST', jobs, jobs.smsSendingIdentity.optOutListArn);
  }
  if (bindings.email) {
    add('email', 'EMAIL_FROM', fn, context.emailFrom ?? 'Sailpost <no-reply@sailpost.app>');
    add('email', 'SUPPORT_EMAIL', fn, context.supportEmail ?? 'support@sailpost.app');
  }
  if (bindings.appUrl) add('appUrl', 'APP_URL_PARAMETER', fn, stage.appUrlParameterName);
  const jobArn = (binding: 'starts' | 'schedules', job: JobName) => {
    const target = jobs.functions.get(job)?.function;
    if (!target) throw new Error(`No function for job ${job}`);
    if (!result.has(jobArnVariable(job)))
      add(binding, jobArnVariable(job), target, target.functionArn);
  };
  if (bindings.schedules?.length) {
    add('schedules', 'SCHEDULE_GROUP', fn, stage.scheduleGroupName);
    add('schedules', 'SCHEDULER_ROLE_ARN', jobs, jobs.schedulerRole.roleArn);
    add('schedules', 'SCHEDULER_DLQ_ARN', jobs, jobs.deadLetterQueue.queueArn);
    // A job that schedules itself is never given its own ARN (it reads it from its invocation).
    for (const job of bindings.schedules)
      if (jobs.functions.get(job) !== fn) jobArn('schedules', job);
  }
  for (const job of bindings.starts ?? []) jobArn('starts', job);
  for (const job of bindings.enqueues ?? []) {
    const queue = jobs.jobQueues.get(job)?.queue;
    if (!queue) throw new Error(`No queue for job ${job}`);
    add('enqueues', jobQueueVariable(job), jobs, queue.queueUrl);
  }
  if (bindings.googleClientId && context.googleClientId && context.googleClientSecretName) {
    add('googleClientId', 'GOOGLE_CLIENT_ID', fn, context.googleClientId);
  }
  if (bindings.analyticsId && context.ga4MeasurementId) {
    add('analyticsId', 'GA4_MEASUREMENT_ID', fn, context.ga4MeasurementId);
  }
  if (bindings.secrets?.includes('tokenKey')) {
    add('secrets', 'JWT_SECRET_ARN', data, data.jwtSecret.secretArn);
  }
  if (bindings.secrets?.includes('originKey')) {
    add('secrets', 'ORIGIN_VERIFY_KEY_ARN', data, data.originVerifySecret.secretArn);
  }
  if (bindings.secrets?.includes('credentialKey')) {
    add('secrets', 'CREDENTIAL_KEY_ARN', data, data.credentialKeySecret.secretArn);
  }
  if (bindings.secrets?.includes('openAiKey') && context.openAiSecretName) {
    add(
      'secrets',
      'OPENAI_SECRET_ARN',
      fn,
      here.formatArn({
        service: 'secretsmanager',
        resource: 'secret',
        resourceName: context.openAiSecretName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    );
  }
  for (const client of oauthClientsOf(context)) {
    if (!bindings.secrets?.includes(client.secret) || !client.secretName || !client.clientId) {
      continue;
    }
    const [arnVariable, idVariable] = client.variables;
    add(
      'secrets',
      arnVariable,
      fn,
      here.formatArn({
        service: 'secretsmanager',
        resource: 'secret',
        resourceName: client.secretName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    );
    add('secrets', idVariable, fn, client.clientId);
  }
  if (
    bindings.secrets?.includes('linkedInClientSecret') &&
    context.linkedInClientId &&
    context.linkedInClientSecretName &&
    String(context.linkedInPostAnalytics) === 'true'
  ) {
    add('secrets', 'LINKEDIN_POST_ANALYTICS', fn, 'true');
  }
  for (const stripe of stripeSecretsOf(context)) {
    if (!bindings.secrets?.includes(stripe.secret)) continue;
    add(
      'secrets',
      stripe.variable,
      fn,
      here.formatArn({
        service: 'secretsmanager',
        resource: 'secret',
        resourceName: stripe.secretName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    );
    if (stripe.secret === 'stripeSecretKey') {
      add('secrets', 'STRIPE_PRICE_INTRO', fn, context.stripePriceIntro!);
      add('secrets', 'STRIPE_PRICE_SILVER', fn, context.stripePriceSilver!);
      add('secrets', 'STRIPE_PRICE_GOLD', fn, context.stripePriceGold!);
      add('secrets', 'STRIPE_PRICE_PLATINUM', fn, context.stripePricePlatinum!);
    }
  }
  return result;
};

/** Whether BINDING_VARIABLES (what the sandbox and the handlers know) lists `name` for `binding`. */
export const bindingListsVariable = (binding: keyof Bindings, name: string): boolean => {
  if (binding === 'starts' || binding === 'schedules') {
    if (/^JOB_[A-Z0-9_]+_ARN$/.test(name)) return true;
  }
  if (binding === 'enqueues' && /^QUEUE_[A-Z0-9_]+_URL$/.test(name)) return true;
  const listed =
    binding === 'secrets'
      ? Object.values(BINDING_VARIABLES.secrets).flat()
      : (BINDING_VARIABLES[binding] as readonly string[]);
  return (listed as readonly string[]).includes(name);
};
