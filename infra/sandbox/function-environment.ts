import {
  jobArnVariable,
  jobQueueVariable,
  type Bindings,
  type FunctionDeclaration,
  type SecretName,
} from '#functions/core/bindings';
import type { Environment } from '#functions/core/environment';
import { SANDBOX_MEASUREMENT_ID } from '#shared/domain/analytics';
import type { JobName } from '#functions/core/jobs/names';
import { sandboxFunctionArn } from './lambda-context';
import { sandboxQueueUrl } from './queues';
import {
  GOOGLE_STAND_IN_CLIENT,
  GOOGLE_STAND_IN_PATH,
  STAND_IN_CLIENTS,
  STAND_IN_PATHS,
} from './providers/stand-in-clients';
import {
  STRIPE_STAND_IN_KEY,
  STRIPE_STAND_IN_PATH,
  STRIPE_STAND_IN_PRICES,
} from './providers/stripe/stand-in-account';
import {
  GA4_MEASUREMENT_PROTOCOL_PATH,
  GA4_STAND_IN_PATH,
  SANDBOX_MEASUREMENT_PROTOCOL_SECRET,
} from '#shared/domain/analytics';

/**
 * The environment each function gets in the sandbox, computed from its declaration the way the
 * CDK function construct computes it in AWS: a few variables every function has, and for each
 * declared binding its variables with the sandbox's values. A handler that reads something its
 * declaration does not name finds it missing here, as it would in AWS.
 */

export const TABLE_NAME = 'sailpost-sandbox';
export const MEDIA_BUCKET = 'sailpost-media';

/** What the sandbox's services answered at start, and the settings they were started with. */
export interface SandboxWiring {
  /** The sandbox's origin (the app's URL, and where the events service listens). */
  url: string;
  dynamoDbEndpoint: string;
  s3Endpoint: string;
  jwtSecret: string;
  /** The key social account tokens are encrypted with (generated into the data folder). */
  credentialKey: string;
  /**
   * The signing secret of the stand-in's webhook events (generated into the data folder); unused
   * when `.env` has a real Stripe key, which comes with its own (`stripe listen` prints it).
   */
  stripeWebhookSecret: string;
  /** The sandbox's own environment: its process (with `.env` loaded) and the start options. */
  settings: Environment;
}

type Variables = Record<string, string | undefined>;

const DEFAULT_EMAIL_FROM = 'Sailpost <no-reply@sailpost.app>';
/** New support tickets are announced here: the sandbox inbox shows it (SUPPORT_EMAIL in .env). */
export const DEFAULT_SANDBOX_SUPPORT_EMAIL = 'support@sailpost.local';

/**
 * Settings that are no binding but a choice of whoever runs the sandbox, passed only to the
 * function that reads them: the origins the website reader may fetch though private (set by the
 * tests for their local site; never in AWS; the ai group and the campaign-generation job read
 * websites).
 */
const SANDBOX_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  ai: ['FETCH_ALLOW_ORIGINS'],
  'campaign-generation': ['FETCH_ALLOW_ORIGINS'],
  // The stand-in for OpenAI's time to answer a post's draft (the load simulation sets it).
  'company-morning': ['SANDBOX_DRAFTER_DELAY_MS'],
  'content-generation': ['SANDBOX_DRAFTER_DELAY_MS'],
  'daily-drafts': ['SANDBOX_DRAFTER_DELAY_MS'],
};

/**
 * Beside its key, the OpenAI binding takes the model and (only in tests) a fake's address;
 * LinkedIn's client takes the API version.
 */
const SECRET_SETTINGS: Readonly<Record<SecretName, readonly string[]>> = {
  tokenKey: [],
  openAiKey: ['OPENAI_BASE_URL', 'OPENAI_MODEL'],
  originKey: [],
  credentialKey: [],
  xClientSecret: [],
  linkedInClientSecret: ['LINKEDIN_VERSION'],
  metaAppSecret: ['META_LOGIN_CONFIG_ID'],
  googleClientSecret: [],
  stripeSecretKey: [],
  stripeWebhookSecret: [],
  measurementProtocolSecret: [],
};

const jobArns = (jobs: readonly JobName[]): Variables =>
  Object.fromEntries(jobs.map((job) => [jobArnVariable(job), sandboxFunctionArn(job)]));

type SecretWiring = Pick<
  SandboxWiring,
  'url' | 'jwtSecret' | 'credentialKey' | 'stripeWebhookSecret' | 'settings'
>;

/**
 * X's client: with both its keys in `.env`, the real X (at the base URLs `.env` may name);
 * otherwise the sandbox's stand-in on this origin, with the client it knows.
 */
const xClientValues = ({ url, settings }: SecretWiring): Variables =>
  settings.X_CLIENT_ID && settings.X_CLIENT_SECRET
    ? {
        X_CLIENT_ID: settings.X_CLIENT_ID,
        X_CLIENT_SECRET: settings.X_CLIENT_SECRET,
        X_CLIENT_SECRET_ARN: undefined,
        X_API_BASE_URL: settings.X_API_BASE_URL,
        X_AUTHORIZE_URL: settings.X_AUTHORIZE_URL,
      }
    : {
        X_CLIENT_ID: STAND_IN_CLIENTS.twitter.clientId,
        X_CLIENT_SECRET: STAND_IN_CLIENTS.twitter.clientSecret,
        X_CLIENT_SECRET_ARN: undefined,
        X_API_BASE_URL: `${url}${STAND_IN_PATHS.twitter}`,
        X_AUTHORIZE_URL: `${url}${STAND_IN_PATHS.twitter}/i/oauth2/authorize`,
      };

/**
 * LinkedIn's client, the same way. Post analytics: the real app's as `.env` says (LinkedIn grants
 * it per app); the stand-in's app has it, so results are read locally.
 */
const linkedInClientValues = ({ url, settings }: SecretWiring): Variables =>
  settings.LINKEDIN_CLIENT_ID && settings.LINKEDIN_CLIENT_SECRET
    ? {
        LINKEDIN_CLIENT_ID: settings.LINKEDIN_CLIENT_ID,
        LINKEDIN_CLIENT_SECRET: settings.LINKEDIN_CLIENT_SECRET,
        LINKEDIN_CLIENT_SECRET_ARN: undefined,
        LINKEDIN_API_BASE_URL: settings.LINKEDIN_API_BASE_URL,
        LINKEDIN_AUTH_BASE_URL: settings.LINKEDIN_AUTH_BASE_URL,
        LINKEDIN_POST_ANALYTICS: settings.LINKEDIN_POST_ANALYTICS,
      }
    : {
        LINKEDIN_CLIENT_ID: STAND_IN_CLIENTS.linkedin.clientId,
        LINKEDIN_CLIENT_SECRET: STAND_IN_CLIENTS.linkedin.clientSecret,
        LINKEDIN_CLIENT_SECRET_ARN: undefined,
        LINKEDIN_API_BASE_URL: `${url}${STAND_IN_PATHS.linkedin}`,
        LINKEDIN_AUTH_BASE_URL: `${url}${STAND_IN_PATHS.linkedin}`,
        LINKEDIN_POST_ANALYTICS: 'true',
      };

/**
 * Meta's app (Facebook and Instagram), the same way: the real Graph API with both keys in `.env`
 * (the app's redirect URIs registered as http://localhost:3000/api/platforms/facebook/callback
 * and …/instagram/callback), otherwise the sandbox's stand-in.
 */
const metaAppValues = ({ url, settings }: SecretWiring): Variables =>
  settings.META_APP_ID && settings.META_APP_SECRET
    ? {
        META_APP_ID: settings.META_APP_ID,
        META_APP_SECRET: settings.META_APP_SECRET,
        META_APP_SECRET_ARN: undefined,
        META_GRAPH_BASE_URL: settings.META_GRAPH_BASE_URL,
        META_DIALOG_BASE_URL: settings.META_DIALOG_BASE_URL,
      }
    : {
        META_APP_ID: STAND_IN_CLIENTS.facebook.clientId,
        META_APP_SECRET: STAND_IN_CLIENTS.facebook.clientSecret,
        META_APP_SECRET_ARN: undefined,
        META_GRAPH_BASE_URL: `${url}${STAND_IN_PATHS.facebook}`,
        META_DIALOG_BASE_URL: `${url}${STAND_IN_PATHS.facebook}`,
      };

/**
 * Google's OpenID Connect client, the same way: the real Google with both keys in `.env` (its
 * redirect URI registered as http://localhost:3000/api/auth/google/callback), otherwise the
 * sandbox's stand-in, whose issuer is a path on this origin.
 */
const googleClientValues = ({ url, settings }: SecretWiring): Variables =>
  settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET
    ? {
        GOOGLE_CLIENT_ID: settings.GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: settings.GOOGLE_CLIENT_SECRET,
        GOOGLE_CLIENT_SECRET_ARN: undefined,
        GOOGLE_ISSUER_URL: settings.GOOGLE_ISSUER_URL,
      }
    : {
        GOOGLE_CLIENT_ID: GOOGLE_STAND_IN_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: GOOGLE_STAND_IN_CLIENT.clientSecret,
        GOOGLE_CLIENT_SECRET_ARN: undefined,
        GOOGLE_ISSUER_URL: `${url}${GOOGLE_STAND_IN_PATH}`,
      };

/**
 * GA4: a measurement id in `.env` sends to Google; otherwise the fake one, whose events the
 * sandbox's stand-in receives (the web app loads the stand-in's tag for it), so the whole path runs.
 */
export const sandboxMeasurementId = (settings: SandboxWiring['settings']): string =>
  settings.GA4_MEASUREMENT_ID || SANDBOX_MEASUREMENT_ID;

/**
 * Stripe: with a key in `.env`, the real Stripe (test mode, say) with the prices `.env` names;
 * otherwise the sandbox's stand-in on this origin, with its key and prices.
 */
export const usesRealStripe = (settings: SandboxWiring['settings']): boolean =>
  Boolean(settings.STRIPE_SECRET_KEY);

const stripeKeyValues = ({ url, settings }: SecretWiring): Variables =>
  usesRealStripe(settings)
    ? {
        STRIPE_SECRET_KEY: settings.STRIPE_SECRET_KEY,
        STRIPE_SECRET_KEY_ARN: undefined,
        STRIPE_PRICE_INTRO: settings.STRIPE_PRICE_INTRO,
        STRIPE_PRICE_SILVER: settings.STRIPE_PRICE_SILVER,
        STRIPE_PRICE_GOLD: settings.STRIPE_PRICE_GOLD,
        STRIPE_PRICE_PLATINUM: settings.STRIPE_PRICE_PLATINUM,
        STRIPE_API_BASE_URL: settings.STRIPE_API_BASE_URL,
      }
    : {
        STRIPE_SECRET_KEY: STRIPE_STAND_IN_KEY,
        STRIPE_SECRET_KEY_ARN: undefined,
        STRIPE_PRICE_INTRO: STRIPE_STAND_IN_PRICES.intro,
        STRIPE_PRICE_SILVER: STRIPE_STAND_IN_PRICES.silver,
        STRIPE_PRICE_GOLD: STRIPE_STAND_IN_PRICES.gold,
        STRIPE_PRICE_PLATINUM: STRIPE_STAND_IN_PRICES.platinum,
        STRIPE_API_BASE_URL: `${url}${STRIPE_STAND_IN_PATH}`,
      };

const stripeWebhookValues = ({ settings, stripeWebhookSecret }: SecretWiring): Variables => ({
  STRIPE_WEBHOOK_SECRET: usesRealStripe(settings)
    ? settings.STRIPE_WEBHOOK_SECRET
    : stripeWebhookSecret,
  STRIPE_WEBHOOK_SECRET_ARN: undefined,
});

/**
 * GA4's Measurement Protocol: with a measurement id and an API secret in `.env`, Google's (its
 * collector, or the address `.env` names); otherwise the sandbox's GA4 stand-in on this origin,
 * with its fake id and secret, so the server's events show at /_sandbox.
 */
const measurementProtocolValues = ({ url, settings }: SecretWiring): Variables =>
  settings.GA4_MEASUREMENT_ID && settings.GA4_API_SECRET
    ? {
        GA4_API_SECRET: settings.GA4_API_SECRET,
        GA4_API_SECRET_ARN: undefined,
        GA4_MEASUREMENT_ID: settings.GA4_MEASUREMENT_ID,
        GA4_MEASUREMENT_PROTOCOL_URL: settings.GA4_MEASUREMENT_PROTOCOL_URL,
      }
    : {
        GA4_API_SECRET: SANDBOX_MEASUREMENT_PROTOCOL_SECRET,
        GA4_API_SECRET_ARN: undefined,
        GA4_MEASUREMENT_ID: SANDBOX_MEASUREMENT_ID,
        GA4_MEASUREMENT_PROTOCOL_URL: `${url}${GA4_STAND_IN_PATH}${GA4_MEASUREMENT_PROTOCOL_PATH}`,
      };

const secretValues = (secret: SecretName, wiring: SecretWiring): Variables => {
  const { jwtSecret, credentialKey, settings } = wiring;
  switch (secret) {
    case 'tokenKey':
      return { JWT_SECRET: jwtSecret, JWT_SECRET_ARN: undefined };
    case 'credentialKey':
      return { CREDENTIAL_KEY: credentialKey, CREDENTIAL_KEY_ARN: undefined };
    case 'openAiKey':
      return { OPENAI_API_KEY: settings.OPENAI_API_KEY, OPENAI_SECRET_ARN: undefined };
    case 'originKey':
      // No CloudFront in front of the sandbox: no origin key, so the origin check is off.
      return { ORIGIN_VERIFY_KEY: undefined, ORIGIN_VERIFY_KEY_ARN: undefined };
    case 'xClientSecret':
      return xClientValues(wiring);
    case 'linkedInClientSecret':
      return linkedInClientValues(wiring);
    case 'metaAppSecret':
      return metaAppValues(wiring);
    case 'googleClientSecret':
      return googleClientValues(wiring);
    case 'stripeSecretKey':
      return stripeKeyValues(wiring);
    case 'stripeWebhookSecret':
      return stripeWebhookValues(wiring);
    case 'measurementProtocolSecret':
      return measurementProtocolValues(wiring);
  }
};

const pick = (from: Environment, names: readonly string[]): Variables =>
  Object.fromEntries(names.map((name) => [name, from[name]]));

const withoutUnset = (variables: Variables): Record<string, string> =>
  Object.fromEntries(
    Object.entries(variables).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/**
 * Each binding's variables with their sandbox values. Every variable `BINDING_VARIABLES` lists is
 * named here (a unit test checks it), so a binding that gains a variable is noticed until the
 * sandbox says what it is locally. `undefined`: AWS only (an ARN or an SSM parameter standing for
 * a value the sandbox passes directly).
 */
export const bindingValues = (
  bindings: Bindings,
  wiring: SandboxWiring,
): { [K in keyof Bindings]-?: Variables } => {
  const { url, settings } = wiring;
  return {
    table: { TABLE_NAME },
    mediaBucket: { MEDIA_BUCKET },
    // The sandbox texts through its outbox: no sending identity, no opt-out list.
    sms: { SMS_ORIGINATION_IDENTITY: undefined, SMS_OPT_OUT_LIST: undefined },
    email: {
      EMAIL_FROM: settings.EMAIL_FROM ?? DEFAULT_EMAIL_FROM,
      SUPPORT_EMAIL: settings.SUPPORT_EMAIL ?? DEFAULT_SANDBOX_SUPPORT_EMAIL,
    },
    appUrl: { APP_URL: url, APP_URL_PARAMETER: undefined },
    schedules: {
      SCHEDULE_GROUP: 'sailpost-sandbox',
      SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/sailpost-sandbox-scheduler',
      SCHEDULER_DLQ_ARN: 'arn:aws:sqs:us-east-1:000000000000:sailpost-sandbox-jobs-dlq',
      ...jobArns(bindings.schedules ?? []),
    },
    starts: jobArns(bindings.starts ?? []),
    // The sandbox's queue service, one address per queued job.
    enqueues: Object.fromEntries(
      (bindings.enqueues ?? []).map((job) => [jobQueueVariable(job), sandboxQueueUrl(url, job)]),
    ),
    // The id of the client the auth group signs in with: the stand-in's unless .env has Google's.
    googleClientId: { GOOGLE_CLIENT_ID: googleClientValues(wiring).GOOGLE_CLIENT_ID },
    analyticsId: { GA4_MEASUREMENT_ID: sandboxMeasurementId(settings) },
    secrets: Object.assign(
      {},
      ...(bindings.secrets ?? []).map((secret) => ({
        ...secretValues(secret, wiring),
        ...pick(settings, SECRET_SETTINGS[secret]),
      })),
    ) as Variables,
  };
};

/** Every function has these, whatever it declares. */
const commonVariables = ({ url, dynamoDbEndpoint, s3Endpoint, settings }: SandboxWiring) => ({
  STAGE: 'sandbox',
  SANDBOX: 'true',
  AWS_REGION: settings.AWS_REGION ?? 'us-east-1',
  DYNAMODB_ENDPOINT: dynamoDbEndpoint,
  S3_ENDPOINT: s3Endpoint,
  LOG_LEVEL: settings.LOG_LEVEL ?? 'INFO',
  /** Where the sandbox's scheduler and job starter reach the events service. */
  SANDBOX_URL: url,
  /** The outside limits, as a stage sets them (unset: the table's own rates). */
  THROUGHPUT_LIMITS: settings.THROUGHPUT_LIMITS,
});

export const functionEnvironment = (
  name: string,
  declaration: FunctionDeclaration,
  wiring: SandboxWiring,
): Environment => {
  const values = bindingValues(declaration.bindings, wiring);
  const declared = (Object.keys(declaration.bindings) as (keyof Bindings)[]).filter(
    (binding) => declaration.bindings[binding] !== undefined,
  );
  return Object.freeze(
    withoutUnset({
      ...commonVariables(wiring),
      ...Object.assign({}, ...declared.map((binding) => values[binding])),
      ...pick(wiring.settings, SANDBOX_SETTINGS[name] ?? []),
    }),
  );
};

/** The environment of every function named, by name. */
export const functionEnvironments = (
  declarations: Readonly<Record<string, FunctionDeclaration>>,
  wiring: SandboxWiring,
): Readonly<Record<string, Environment>> =>
  Object.fromEntries(
    Object.entries(declarations).map(([name, declaration]) => [
      name,
      functionEnvironment(name, declaration, wiring),
    ]),
  );
