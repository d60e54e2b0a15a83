/**
 * A function's declared bindings (functions/<group>/bindings.ts) made real in one stage: each
 * binding's environment variables and IAM grants, and nothing else.
 */
import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IRole, type Role } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  BINDING_VARIABLES,
  jobArnVariable,
  jobQueueVariable,
  type Bindings,
  type SecretName,
} from '#functions/core/bindings';
import { GLOBAL_INDEXES } from '#functions/core/db/table';
import type { JobName } from '#functions/core/jobs/names';
import { TIER_IDS, type TierId } from '#shared/domain/tiers';
import { acknowledge, nagName, nagReference } from './nag';
import type { SmsSendingIdentity } from './sms-origination';
import type { StageConfig } from './stage';

/** What a declaration's bindings resolve to in one stage. */
export interface BindingTargets {
  readonly stage: StageConfig;
  /** Powertools / config log level (context `logLevel`). */
  readonly logLevel: string;
  readonly table: ITable;
  readonly mediaBucket: IBucket;
  /** The token signing key (`tokenKey`). */
  readonly jwtSecret: ISecret;
  /** The value CloudFront adds to each /api request it forwards (`originKey`). */
  readonly originVerifySecret: ISecret;
  /** The key social account tokens are encrypted with (`credentialKey`). */
  readonly credentialKeySecret: ISecret;
  /** `From` address of transactional email (context `emailFrom`). */
  readonly emailFrom: string;
  /**
   * The verified SES identity email is sent from: the domain of `emailFrom` or the address itself
   * (context `emailIdentity`). The email binding may send from it and from nothing else.
   */
  readonly emailIdentity: string;
  /** Where new support tickets are announced (context `supportEmail`). */
  readonly supportEmail: string;
  /** The End User Messaging SMS identity texts are sent from, and its opt-out list (jobs stack). */
  readonly sms: SmsSendingIdentity;
  /**
   * The OpenAI key's secret (context `openAiSecretName`: created by hand, so the key never passes
   * through CDK, the template or the environment). Without it `openAiKey` binds to nothing and the
   * offline drafter runs.
   */
  readonly openAiSecretName?: string;
  /**
   * X's OAuth client (context `xClientId` + `xClientSecretName`, the secret created by hand like
   * OpenAI's). Without it `xClientSecret` binds to nothing and X cannot be connected.
   */
  readonly xClient?: OAuthClientTarget;
  /** Google's OpenID Connect client (context `googleClientId` + `googleClientSecretName`). */
  readonly googleClient?: OAuthClientTarget;
  /** The stage's GA4 measurement id (context `ga4MeasurementId`); none: no analytics. */
  readonly ga4MeasurementId?: string;
  /**
   * LinkedIn's OAuth client (context `linkedInClientId` + `linkedInClientSecretName`), and whether
   * LinkedIn has granted it post analytics (context `linkedInPostAnalytics`).
   */
  readonly linkedInClient?: LinkedInClientTarget;
  /**
   * Meta's app, for Facebook Pages and Instagram (context `metaClientId`, the app id, and
   * `metaClientSecretName`, a secret holding the app secret).
   */
  readonly metaClient?: OAuthClientTarget;
  /**
   * Stripe (context `stripeSecretName`, `stripeWebhookSecretName` and `stripePrice<Tier>`; both
   * secrets created by hand). Without it the Stripe secrets bind to nothing and billing answers
   * 503 BILLING_UNAVAILABLE.
   */
  readonly stripe?: StripeTarget;
  /**
   * GA4's Measurement Protocol (context `ga4MeasurementId` + `ga4ApiSecretName`, the API secret
   * created by hand). Without it the server sends no analytics events.
   */
  readonly measurementProtocol?: MeasurementProtocolTarget;
  /** The role EventBridge Scheduler assumes to fire one-time schedules (jobs stack). */
  readonly schedulerRole: IRole;
  /** Where schedules and asynchronous job invocations that still fail end up (jobs stack). */
  readonly deadLetterQueue: IQueue;
  /** The function of each job, for bindings that start or schedule it. */
  readonly jobFunction: (job: JobName) => IFunction;
  /** The queue of each queued job (`QUEUED_JOBS`), for bindings that send it work. */
  readonly jobQueue: (job: JobName) => IQueue;
}

/** An OAuth client: its id (no secret) and the name of the Secrets Manager secret holding its secret. */
export interface OAuthClientTarget {
  readonly clientId: string;
  readonly secretName: string;
}

/**
 * LinkedIn's client, and whether LinkedIn has granted the app `r_member_postAnalytics` (a
 * restricted scope, given per app after review): only then are its posts' results read.
 */
export interface LinkedInClientTarget extends OAuthClientTarget {
  readonly postAnalytics: boolean;
}

/** A Stripe account: its API key's and webhook secret's names, and the price id of each tier. */
export interface StripeTarget {
  readonly secretKeyName: string;
  readonly webhookSecretName: string;
  readonly prices: Readonly<Record<TierId, string>>;
}

/** A GA4 data stream: its measurement id (public) and the name of its API secret's secret. */
export interface MeasurementProtocolTarget {
  readonly measurementId: string;
  readonly apiSecretName: string;
}

/** What one binding adds to a function. */
interface BindingEffect {
  readonly environment: Record<string, string>;
  readonly statements?: readonly PolicyStatement[];
  /** Applied to the role by the binding itself (CDK grants that know their resource best). */
  readonly grant?: (role: Role) => void;
  /** cdk-nag findings the grant causes by design: the finding id and why it is right. */
  readonly acknowledgements?: readonly { readonly id: string; readonly reason: string }[];
}

export interface BindContext {
  readonly scope: Construct;
  readonly targets: BindingTargets;
  /** The job this function is, when it is one (it is never given its own ARN). */
  readonly job?: JobName;
}

type Binder<K extends keyof Bindings> = (
  value: NonNullable<Bindings[K]>,
  context: BindContext,
) => BindingEffect;

const TABLE_READ = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
const TABLE_ACTIONS = {
  read: TABLE_READ,
  // Transactions are authorised per item action; no Scan (jobs find work through sparse indexes),
  // no DescribeTable (neither ElectroDB nor lib-dynamodb calls it), no table administration.
  'read-write': [
    ...TABLE_READ,
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
} as const;

const MEDIA_OBJECT_ACTIONS = {
  read: ['s3:GetObject'],
  // Presigned uploads are signed with the function's role, so PUT needs it too.
  'read-write': ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
} as const;

/**
 * Bucket-level actions. A writer lists: to delete everything under a prefix (a deleted campaign's
 * or company's media), and because without s3:ListBucket S3 answers a missing object 403, not 404
 * — a confirmation of an upload that never arrived must be told apart from a refusal.
 */
const MEDIA_BUCKET_ACTIONS = {
  read: [],
  'read-write': ['s3:ListBucket'],
} as const;

const SCHEDULE_ACTIONS = [
  'scheduler:CreateSchedule',
  'scheduler:UpdateSchedule',
  'scheduler:DeleteSchedule',
  'scheduler:GetSchedule',
];

/**
 * The ARNs of the jobs a function starts or schedules. A job that schedules itself gets none for
 * itself: a function's environment cannot name the function (CloudFormation's circular
 * reference), so it learns its ARN from its invocation (core/jobs/define-job).
 */
const jobArnVariables = (jobs: readonly JobName[], targets: BindingTargets, self?: JobName) =>
  Object.fromEntries(
    jobs
      .filter((job) => job !== self)
      .map((job) => [jobArnVariable(job), targets.jobFunction(job).functionArn]),
  );

/** A secret created by hand (OpenAI's key, an OAuth client's secret), imported once per stack. */
const secretNamedIn = (scope: Construct, id: string, secretName: string): ISecret => {
  const stack = Stack.of(scope);
  return (
    (stack.node.tryFindChild(id) as ISecret | undefined) ??
    Secret.fromSecretNameV2(stack, id, secretName)
  );
};

/** An OAuth client's secret ARN and id, under the names `BINDING_VARIABLES` gives them. */
const oauthClientBinding = (
  scope: Construct,
  id: string,
  client: OAuthClientTarget | undefined,
  [, arnVariable, idVariable]: readonly [string, string, string, ...string[]],
): BindingEffect => {
  if (!client) return { environment: {} };
  const secret = secretNamedIn(scope, id, client.secretName);
  return {
    environment: { [idVariable]: client.clientId, [arnVariable]: secret.secretArn },
    grant: (role) => secret.grantRead(role),
  };
};

const SECRET_BINDERS: Record<SecretName, (context: BindContext) => BindingEffect> = {
  tokenKey: ({ targets: { jwtSecret } }) => ({
    environment: { JWT_SECRET_ARN: jwtSecret.secretArn },
    grant: (role) => jwtSecret.grantRead(role),
  }),
  originKey: ({ targets: { originVerifySecret } }) => ({
    environment: { ORIGIN_VERIFY_KEY_ARN: originVerifySecret.secretArn },
    grant: (role) => originVerifySecret.grantRead(role),
  }),
  credentialKey: ({ targets: { credentialKeySecret } }) => ({
    environment: { CREDENTIAL_KEY_ARN: credentialKeySecret.secretArn },
    grant: (role) => credentialKeySecret.grantRead(role),
  }),
  openAiKey: ({ scope, targets: { openAiSecretName } }): BindingEffect => {
    if (!openAiSecretName) return { environment: {} };
    const secret = secretNamedIn(scope, 'OpenAiKey', openAiSecretName);
    return {
      environment: { OPENAI_SECRET_ARN: secret.secretArn },
      grant: (role) => secret.grantRead(role),
    };
  },
  xClientSecret: ({ scope, targets: { xClient } }) =>
    oauthClientBinding(scope, 'XClientSecret', xClient, BINDING_VARIABLES.secrets.xClientSecret),
  linkedInClientSecret: ({ scope, targets: { linkedInClient } }): BindingEffect => {
    const variables = BINDING_VARIABLES.secrets.linkedInClientSecret;
    const client = oauthClientBinding(scope, 'LinkedInClientSecret', linkedInClient, variables);
    // Off unless set: the configuration's default.
    if (!linkedInClient?.postAnalytics) return client;
    return { ...client, environment: { ...client.environment, [variables[3]]: 'true' } };
  },
  metaAppSecret: ({ scope, targets: { metaClient } }) =>
    oauthClientBinding(scope, 'MetaAppSecret', metaClient, BINDING_VARIABLES.secrets.metaAppSecret),
  googleClientSecret: ({ scope, targets: { googleClient } }) =>
    oauthClientBinding(
      scope,
      'GoogleClientSecret',
      googleClient,
      BINDING_VARIABLES.secrets.googleClientSecret,
    ),
  stripeSecretKey: ({ scope, targets: { stripe } }): BindingEffect => {
    if (!stripe) return { environment: {} };
    const secret = secretNamedIn(scope, 'StripeSecretKey', stripe.secretKeyName);
    const [, arnVariable, ...priceVariables] = BINDING_VARIABLES.secrets.stripeSecretKey;
    return {
      environment: {
        [arnVariable]: secret.secretArn,
        // STRIPE_PRICE_INTRO, …: in the order of TIER_IDS.
        ...Object.fromEntries(
          priceVariables.map((variable, index) => [variable, stripe.prices[TIER_IDS[index]!]]),
        ),
      },
      grant: (role) => secret.grantRead(role),
    };
  },
  stripeWebhookSecret: ({ scope, targets: { stripe } }): BindingEffect => {
    if (!stripe) return { environment: {} };
    const secret = secretNamedIn(scope, 'StripeWebhookSecret', stripe.webhookSecretName);
    return {
      environment: { STRIPE_WEBHOOK_SECRET_ARN: secret.secretArn },
      grant: (role) => secret.grantRead(role),
    };
  },
  // The collector is Google's (the configuration's default): only the id and the secret's ARN.
  measurementProtocolSecret: ({ scope, targets: { measurementProtocol } }): BindingEffect => {
    if (!measurementProtocol) return { environment: {} };
    const secret = secretNamedIn(scope, 'Ga4ApiSecret', measurementProtocol.apiSecretName);
    return {
      environment: {
        GA4_API_SECRET_ARN: secret.secretArn,
        GA4_MEASUREMENT_ID: measurementProtocol.measurementId,
      },
      grant: (role) => secret.grantRead(role),
    };
  },
};

/**
 * Each binding's environment variables (the AWS forms of `BINDING_VARIABLES`) and grants. Typed
 * over every key of `Bindings`, so a new kind of binding does not compile until it is built here.
 */
const BINDERS: { readonly [K in keyof Bindings]-?: Binder<K> } = {
  table: (access, { targets: { table } }) => ({
    environment: { TABLE_NAME: table.tableName },
    statements: [
      new PolicyStatement({ actions: [...TABLE_ACTIONS[access]], resources: [table.tableArn] }),
      // Indexes only answer queries.
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: GLOBAL_INDEXES.map((index) => `${table.tableArn}/index/${index.indexName}`),
      }),
    ],
  }),

  mediaBucket: (access, { scope, targets: { mediaBucket } }) => ({
    environment: { MEDIA_BUCKET: mediaBucket.bucketName },
    statements: [
      new PolicyStatement({
        actions: [...MEDIA_OBJECT_ACTIONS[access]],
        resources: [mediaBucket.arnForObjects('*')],
      }),
      ...(MEDIA_BUCKET_ACTIONS[access].length
        ? [
            new PolicyStatement({
              actions: [...MEDIA_BUCKET_ACTIONS[access]],
              resources: [mediaBucket.bucketArn],
            }),
          ]
        : []),
    ],
    acknowledgements: [
      {
        id: `AwsSolutions-IAM5[Resource::${nagReference(scope, mediaBucket, mediaBucket.bucketArn)}/*]`,
        reason:
          'Object keys are chosen at run time (per company and upload), so object-level actions are granted on the objects of this one private bucket; the only bucket-level action is listing, for writers.',
      },
    ],
  }),

  // The client's id alone (it is public: Google shows it in every sign-in URL); no grant.
  googleClientId: (_, { targets: { googleClient } }): BindingEffect => ({
    environment: googleClient ? { GOOGLE_CLIENT_ID: googleClient.clientId } : {},
  }),

  // The measurement id is public (every page with Google's tag shows it); no grant.
  analyticsId: (_, { targets: { ga4MeasurementId } }): BindingEffect => ({
    environment: ga4MeasurementId ? { GA4_MEASUREMENT_ID: ga4MeasurementId } : {},
  }),

  // A text is sent from the stage's origination identity and nothing else: SendTextMessage is
  // authorized on the identity the request names (its configuration set and protect configuration
  // too, when a request names them; these name none). START takes a number off that identity's
  // opt-out list alone.
  sms: (_, { targets: { sms } }): BindingEffect => ({
    environment: {
      SMS_ORIGINATION_IDENTITY: sms.originationIdentityArn,
      SMS_OPT_OUT_LIST: sms.optOutListArn,
    },
    statements: [
      new PolicyStatement({
        actions: ['sms-voice:SendTextMessage'],
        resources: [sms.originationIdentityArn],
      }),
      new PolicyStatement({
        actions: ['sms-voice:DeleteOptedOutNumber'],
        resources: [sms.optOutListArn],
      }),
    ],
  }),

  // SES authorizes a send on the identity it is sent from. (While the account is in the SES
  // sandbox it checks the recipients' identities too: leave the sandbox before going live.)
  email: (_, { scope, targets: { emailFrom, emailIdentity, supportEmail } }) => ({
    environment: { EMAIL_FROM: emailFrom, SUPPORT_EMAIL: supportEmail },
    statements: [
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          Stack.of(scope).formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: emailIdentity,
            arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
          }),
        ],
      }),
    ],
  }),

  appUrl: (_, { scope, targets: { stage } }) => ({
    environment: { APP_URL_PARAMETER: stage.appUrlParameterName },
    statements: [
      new PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(scope).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: stage.appUrlParameterName.replace(/^\//, ''),
            arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
          }),
        ],
      }),
    ],
  }),

  schedules: (jobs, { scope, targets, job: self }): BindingEffect => {
    if (jobs.length === 0) return { environment: {} };
    const { stage, schedulerRole, deadLetterQueue } = targets;
    const schedules = Stack.of(scope).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${stage.scheduleGroupName}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    return {
      environment: {
        SCHEDULE_GROUP: stage.scheduleGroupName,
        SCHEDULER_ROLE_ARN: schedulerRole.roleArn,
        SCHEDULER_DLQ_ARN: deadLetterQueue.queueArn,
        ...jobArnVariables(jobs, targets, self),
      },
      statements: [
        new PolicyStatement({ actions: SCHEDULE_ACTIONS, resources: [schedules] }),
        // The schedule fires as the scheduler role, which may invoke the scheduled jobs.
        new PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [schedulerRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      ],
      acknowledgements: [
        {
          id: `AwsSolutions-IAM5[Resource::${nagName(scope, schedules)}]`,
          reason:
            "One-time schedules are named at run time (one per post or piece of work), so the grant covers the schedules of this stage's schedule group and nothing else.",
        },
      ],
    };
  },

  starts: (jobs, { targets }) => ({
    environment: jobArnVariables(jobs, targets),
    statements: jobs.length
      ? [
          new PolicyStatement({
            actions: ['lambda:InvokeFunction'],
            resources: jobs.map((job) => targets.jobFunction(job).functionArn),
          }),
        ]
      : [],
  }),

  // Work items go to the queued job's queue and nowhere else (SSE-SQS needs no key grant).
  enqueues: (jobs, { targets }) => ({
    environment: Object.fromEntries(
      jobs.map((job) => [jobQueueVariable(job), targets.jobQueue(job).queueUrl]),
    ),
    statements: jobs.length
      ? [
          new PolicyStatement({
            actions: ['sqs:SendMessage'],
            resources: jobs.map((job) => targets.jobQueue(job).queueArn),
          }),
        ]
      : [],
  }),

  secrets: (names, context) => {
    const effects = names.map((name) => SECRET_BINDERS[name](context));
    return {
      environment: Object.assign({}, ...effects.map((effect) => effect.environment)) as Record<
        string,
        string
      >,
      grant: (role) => effects.forEach((effect) => effect.grant?.(role)),
    };
  },
};

const bindingEffects = (bindings: Bindings, context: BindContext): BindingEffect[] =>
  (Object.keys(bindings) as (keyof Bindings)[]).flatMap((kind) => {
    const value = bindings[kind];
    if (value === undefined) return [];
    return [(BINDERS[kind] as Binder<typeof kind>)(value as never, context)];
  });

/** What a function's bindings give it: environment variables, and grants on its role. */
export interface FunctionBindings {
  /** Each binding's variables (the AWS forms of `BINDING_VARIABLES`), and no others. */
  readonly environment: Record<string, string>;
  /** Grants the role what the bindings name, with the cdk-nag findings they cause by design. */
  grantTo(role: Role): void;
}

/** A declaration's bindings, resolved against the stage's resources. */
export const bindFunction = (bindings: Bindings, context: BindContext): FunctionBindings => {
  const effects = bindingEffects(bindings, context);
  return {
    environment: Object.assign({}, ...effects.map((effect) => effect.environment)) as Record<
      string,
      string
    >,
    grantTo: (role) => {
      for (const effect of effects) {
        for (const statement of effect.statements ?? []) role.addToPrincipalPolicy(statement);
        effect.grant?.(role);
        for (const { id: findingId, reason } of effect.acknowledgements ?? []) {
          acknowledge(role, findingId, reason);
        }
      }
    },
  };
};
