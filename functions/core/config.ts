import * as z from 'zod';
import { currentEnvironment, type Environment } from './environment';

/**
 * Configuration from the function's environment (`currentEnvironment()`), parsed once per
 * environment. Nothing here is required for every function: each binding's variables are
 * required where they are used (`required('TABLE_NAME')`), so a function that did not declare a
 * binding fails there with the variable's name. Secrets are read here but never logged.
 */
/** A variable that is set to something (one schema, shared: every bundle carries this file). */
const setting = z.string().min(1).optional();

const schema = z.object({
  STAGE: z.string().default('sandbox'),
  AWS_REGION: z.string().default('us-east-1'),
  /** "true" in the sandbox: outside services are stood in for locally. */
  SANDBOX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Set by the sandbox and the tests: DynamoDB Local's address. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  TABLE_NAME: setting,
  /** The private media bucket (`mediaBucket` binding). */
  MEDIA_BUCKET: setting,
  /**
   * The web app's public origin, for links in emails and texts. In AWS the web stack publishes it
   * as an SSM parameter (APP_URL_PARAMETER), which avoids a CloudFront <-> API dependency cycle.
   */
  APP_URL: z.url().optional(),
  APP_URL_PARAMETER: setting,
  /** Signing key for access tokens: given directly (sandbox) or as a Secrets Manager ARN (AWS). */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_SECRET_ARN: setting,
  EMAIL_FROM: setting,
  /** Where a new support ticket is announced (the support team's inbox; `email` binding). */
  SUPPORT_EMAIL: setting,
  /**
   * The End User Messaging SMS origination identity texts are sent from (a phone number's or
   * pool's ARN), and the ARN of its opt-out list (START takes a number off it). AWS only: the
   * sandbox texts through its outbox.
   */
  SMS_ORIGINATION_IDENTITY: setting,
  SMS_OPT_OUT_LIST: setting,
  /**
   * Google's OpenID Connect client ("Continue with Google"; binding `googleClientSecret`, context
   * `googleClientId` + `googleClientSecretName` in AWS). The meta group shows the button when an
   * id is set.
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: setting,
  GOOGLE_CLIENT_SECRET_ARN: setting,
  /**
   * The stage's GA4 measurement id (`G-…`; binding `analyticsId`, context `ga4MeasurementId` in
   * AWS). Unset: no analytics is offered, and the CSP allows no Google host.
   */
  GA4_MEASUREMENT_ID: z.string().optional(),
  /** Whose ID tokens sign users in: Google, or the sandbox's stand-in (discovered from here). */
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  /** OpenAI drafts when a key is configured; without one the offline drafter runs. */
  OPENAI_API_KEY: setting,
  /** In AWS the key lives in Secrets Manager (context openAiSecretName); read when first needed. */
  OPENAI_SECRET_ARN: setting,
  /**
   * The value CloudFront adds to the /api requests it forwards (header `x-origin-verify`): given
   * directly (unit tests) or as a Secrets Manager ARN (AWS). Unset in the sandbox: no check.
   */
  ORIGIN_VERIFY_KEY: z.string().min(16).optional(),
  ORIGIN_VERIFY_KEY_ARN: setting,
  /**
   * The key that encrypts social account tokens at rest: given directly (sandbox, generated into
   * its data folder) or as a Secrets Manager ARN (AWS). Never logged.
   */
  CREDENTIAL_KEY: z.string().min(32).optional(),
  CREDENTIAL_KEY_ARN: setting,
  /** The sandbox's S3 emulator; unset in AWS, where the SDK finds S3 itself. */
  S3_ENDPOINT: z.url().optional(),
  /**
   * X (OAuth 2.0 confidential client). The id comes with the client secret's binding
   * (`xClientSecret`): from `.env` or the sandbox's stand-in locally, from context `xClientId` in
   * AWS. The secret is given directly (sandbox) or as a Secrets Manager ARN (AWS).
   */
  X_CLIENT_ID: setting,
  X_CLIENT_SECRET: setting,
  X_CLIENT_SECRET_ARN: setting,
  /** Where X's API answers: the real one, or the sandbox's stand-in (its base, no trailing /). */
  X_API_BASE_URL: z.url().default('https://api.x.com'),
  /** X's consent page, or the sandbox's stand-in. */
  X_AUTHORIZE_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  /** LinkedIn, the same way (binding `linkedInClientSecret`, context `linkedInClientId`). */
  LINKEDIN_CLIENT_ID: setting,
  LINKEDIN_CLIENT_SECRET: setting,
  LINKEDIN_CLIENT_SECRET_ARN: setting,
  /** api.linkedin.com: userinfo, images, posts. */
  LINKEDIN_API_BASE_URL: z.url().default('https://api.linkedin.com'),
  /** www.linkedin.com: the consent page and the token endpoints. */
  LINKEDIN_AUTH_BASE_URL: z.url().default('https://www.linkedin.com'),
  /**
   * The monthly version of LinkedIn's versioned API (header `LinkedIn-Version`). LinkedIn retires
   * each version about a year after it ships and then answers 426: move it forward before then.
   */
  LINKEDIN_VERSION: z
    .string()
    .regex(/^\d{6}(\.\d{2})?$/)
    .default('202607'),
  /**
   * Whether LinkedIn has granted the app post analytics (`r_member_postAnalytics`, a restricted
   * scope given per app after review; binding `linkedInClientSecret`, context
   * `linkedInPostAnalytics` in AWS). Off: the consent page is not asked for it and no LinkedIn
   * post's results are read, as every read would be refused.
   */
  LINKEDIN_POST_ANALYTICS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Meta's app (Facebook Login for Business; binding `metaAppSecret`, context `metaClientId`):
   * one app for Facebook Pages and the Instagram accounts linked to them.
   */
  META_APP_ID: setting,
  META_APP_SECRET: setting,
  META_APP_SECRET_ARN: setting,
  /**
   * Facebook Login for Business's configuration (the permissions it asks for, set up in Meta's
   * developer console). Without one the consent page is asked for the permissions by name.
   */
  META_LOGIN_CONFIG_ID: setting,
  /** graph.facebook.com, or the sandbox's stand-in (its base, no trailing /). */
  META_GRAPH_BASE_URL: z.url().default('https://graph.facebook.com'),
  /** www.facebook.com: the consent dialog, or the sandbox's stand-in. */
  META_DIALOG_BASE_URL: z.url().default('https://www.facebook.com'),
  /**
   * Stripe's API key (binding `stripeSecretKey`): given directly (sandbox: a real test key from
   * `.env`, or the stand-in's own) or as a Secrets Manager ARN (AWS). Never logged.
   */
  STRIPE_SECRET_KEY: setting,
  STRIPE_SECRET_KEY_ARN: setting,
  /** The monthly price of each tier in that Stripe account (`price_…`); they come with the key. */
  STRIPE_PRICE_INTRO: setting,
  STRIPE_PRICE_SILVER: setting,
  STRIPE_PRICE_GOLD: setting,
  STRIPE_PRICE_PLATINUM: setting,
  /** The webhook endpoint's signing secret (`whsec_…`, binding `stripeWebhookSecret`). */
  STRIPE_WEBHOOK_SECRET: setting,
  STRIPE_WEBHOOK_SECRET_ARN: setting,
  /**
   * Where Stripe's API answers: the real one, or the sandbox's stand-in (its base, no trailing /).
   * Set only by the sandbox; AWS always talks to the real API.
   */
  STRIPE_API_BASE_URL: z.url().default('https://api.stripe.com'),
  /**
   * GA4's Measurement Protocol (binding `measurementProtocolSecret`): the stream's API secret,
   * given directly (sandbox) or as a Secrets Manager ARN (AWS; context `ga4ApiSecretName`), never
   * logged; and where events are posted: Google's collector, or the sandbox's GA4 stand-in.
   */
  GA4_API_SECRET: setting,
  GA4_API_SECRET_ARN: setting,
  GA4_MEASUREMENT_PROTOCOL_URL: z.url().default('https://www.google-analytics.com/mp/collect'),
  /** Only the tests point this at a fake of OpenAI's HTTP API. */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /**
   * Origins the website reader may fetch although they are private (comma-separated). Only the
   * tests' local sites are listed here; never set in AWS.
   */
  FETCH_ALLOW_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
});

type Config = z.infer<typeof schema>;

/** Unset and empty are the same: a variable set to '' (a blank line in .env) is not configured. */
const withoutEmpty = (environment: Environment) =>
  Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));

const parse = (environment: Environment): Config => {
  const parsed = schema.safeParse(withoutEmpty(environment));
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid configuration: ${names}`);
  }
  return parsed.data;
};

/**
 * Keyed by the environment object: one per function in the sandbox, `process.env` in Lambda. A
 * WeakMap, so an environment that is gone takes its configuration with it.
 */
let parsedByEnvironment = new WeakMap<Environment, Config>();

export const config = (): Config => {
  const environment = currentEnvironment();
  let parsed = parsedByEnvironment.get(environment);
  if (!parsed) {
    parsed = parse(environment);
    parsedByEnvironment.set(environment, parsed);
  }
  return parsed;
};

type OptionalName = {
  [K in keyof Config]-?: undefined extends Config[K] ? K : never;
}[keyof Config];

/** A variable the caller cannot work without: its value, or an error naming it. */
export const required = <K extends OptionalName>(name: K): NonNullable<Config[K]> => {
  const value = config()[name];
  if (value === undefined) throw new Error(`Missing configuration: ${name}`);
  return value as NonNullable<Config[K]>;
};

/** Tests change `process.env` in place between runs; this forgets what was parsed from it. */
export const resetConfigForTests = (): void => {
  parsedByEnvironment = new WeakMap();
};
