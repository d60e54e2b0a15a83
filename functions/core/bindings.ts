import type { JobName } from './jobs/names';

/**
 * What a function (an endpoint group or a job) touches, declared once beside its code. The CDK
 * function construct turns a declaration into environment variables and IAM grants — and nothing
 * else — and the sandbox gives each handler the environment its declaration names, so using
 * something undeclared fails locally the way it would fail in AWS.
 */
export const SECRET_NAMES = [
  'tokenKey',
  'openAiKey',
  'originKey',
  'credentialKey',
  'xClientSecret',
  'linkedInClientSecret',
  'metaAppSecret',
  'googleClientSecret',
  'stripeSecretKey',
  'stripeWebhookSecret',
  'measurementProtocolSecret',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export interface Bindings {
  /** The one DynamoDB table: item reads (and queries), or reads and writes. */
  readonly table?: 'read' | 'read-write';
  /** The private media bucket. */
  readonly mediaBucket?: 'read' | 'read-write';
  /** Texts through AWS End User Messaging SMS, from the stage's origination identity. */
  readonly sms?: true;
  /** Email through SES (and the support team's address, where new tickets are announced). */
  readonly email?: true;
  /** The web app's public origin, for links in emails and texts. */
  readonly appUrl?: true;
  /** Jobs this function creates, changes or deletes one-time schedules for. */
  readonly schedules?: readonly JobName[];
  /** Jobs this function starts at once (asynchronously). */
  readonly starts?: readonly JobName[];
  /** Queued jobs (`QUEUED_JOBS` in functions/catalogue.ts) this function sends work items to. */
  readonly enqueues?: readonly JobName[];
  /**
   * The id of Google's OpenID Connect client alone — public, never its secret — to say whether
   * "Continue with Google" is offered. Unset when the stage has no Google client.
   */
  readonly googleClientId?: true;
  /**
   * The stage's GA4 measurement id (public: it is in every page that loads Google's tag), so the
   * web app knows whether to offer analytics at all. Unset when the stage measures nothing.
   */
  readonly analyticsId?: true;
  /**
   * Secrets it reads. `originKey` is the value CloudFront adds to every /api request it forwards:
   * each endpoint group declares it, and a request without it (one sent to the API's own
   * execute-api address, past CloudFront's WAF and headers) is refused. The sandbox has no
   * CloudFront and gives no value, so there the check is off. `credentialKey` encrypts the
   * tokens of connected social accounts at rest (AES-256-GCM, functions/platforms/token-cipher).
   * `stripeSecretKey` is Stripe's API key (with the price id of each tier), `stripeWebhookSecret`
   * the signing secret of the webhook endpoint (`whsec_…`). `measurementProtocolSecret` is GA4's
   * Measurement Protocol API secret (server-side analytics events).
   */
  readonly secrets?: readonly SecretName[];
}

export interface FunctionDeclaration {
  readonly bindings: Bindings;
  /** Lambda memory; CPU grows with it (1769 MB buys one full vCPU). Default 512. */
  readonly memoryMb?: number;
  /** Default 10 s for endpoint groups (API Gateway stops waiting at 30 s). */
  readonly timeoutSeconds?: number;
  /**
   * Concurrent executions set aside for this function (and the most it may run at once): a flood
   * of one kind of request can then neither starve it nor take the whole account's concurrency.
   */
  readonly reservedConcurrency?: number;
}

export const declareFunction = <const D extends FunctionDeclaration>(declaration: D): D =>
  declaration;

/** The environment variable a job's function ARN is passed in (to schedule or start it). */
export const jobArnVariable = (job: JobName): string =>
  `JOB_${job.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_ARN`;

/** The environment variable a queued job's queue URL is passed in (to send it work). */
export const jobQueueVariable = (job: JobName): string =>
  `QUEUE_${job.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`;

/**
 * The environment variables each binding brings. In AWS the secrets arrive as ARNs (read from
 * Secrets Manager when first needed); the sandbox passes their values directly. A secret lists its
 * value's variable, then its ARN's, then any setting that comes with it (an OAuth client's id,
 * which is no secret but is useless without one).
 */
export const BINDING_VARIABLES = {
  table: ['TABLE_NAME'],
  mediaBucket: ['MEDIA_BUCKET'],
  sms: ['SMS_ORIGINATION_IDENTITY', 'SMS_OPT_OUT_LIST'],
  email: ['EMAIL_FROM', 'SUPPORT_EMAIL'],
  appUrl: ['APP_URL', 'APP_URL_PARAMETER'],
  schedules: ['SCHEDULE_GROUP', 'SCHEDULER_ROLE_ARN', 'SCHEDULER_DLQ_ARN'],
  starts: [],
  enqueues: [],
  googleClientId: ['GOOGLE_CLIENT_ID'],
  analyticsId: ['GA4_MEASUREMENT_ID'],
  secrets: {
    tokenKey: ['JWT_SECRET', 'JWT_SECRET_ARN'],
    openAiKey: ['OPENAI_API_KEY', 'OPENAI_SECRET_ARN'],
    originKey: ['ORIGIN_VERIFY_KEY', 'ORIGIN_VERIFY_KEY_ARN'],
    credentialKey: ['CREDENTIAL_KEY', 'CREDENTIAL_KEY_ARN'],
    xClientSecret: ['X_CLIENT_SECRET', 'X_CLIENT_SECRET_ARN', 'X_CLIENT_ID'],
    // With the stage's word on whether LinkedIn granted the app post analytics.
    linkedInClientSecret: [
      'LINKEDIN_CLIENT_SECRET',
      'LINKEDIN_CLIENT_SECRET_ARN',
      'LINKEDIN_CLIENT_ID',
      'LINKEDIN_POST_ANALYTICS',
    ],
    metaAppSecret: ['META_APP_SECRET', 'META_APP_SECRET_ARN', 'META_APP_ID'],
    // "Continue with Google": the OpenID Connect client of the auth group alone.
    googleClientSecret: ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_SECRET_ARN', 'GOOGLE_CLIENT_ID'],
    // The key's prices come with it: a price id names a price of that Stripe account only.
    stripeSecretKey: [
      'STRIPE_SECRET_KEY',
      'STRIPE_SECRET_KEY_ARN',
      'STRIPE_PRICE_INTRO',
      'STRIPE_PRICE_SILVER',
      'STRIPE_PRICE_GOLD',
      'STRIPE_PRICE_PLATINUM',
    ],
    stripeWebhookSecret: ['STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET_ARN'],
    // GA4's Measurement Protocol: the stream's API secret, with the measurement id it belongs to
    // and where events go (Google's collector unless the sandbox points it at its stand-in).
    measurementProtocolSecret: [
      'GA4_API_SECRET',
      'GA4_API_SECRET_ARN',
      'GA4_MEASUREMENT_ID',
      'GA4_MEASUREMENT_PROTOCOL_URL',
    ],
  },
} as const satisfies Record<keyof Bindings, unknown>;
