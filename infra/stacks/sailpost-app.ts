import {
  App,
  CrossStackReferences,
  ReferenceStrength,
  Tags,
  Validations,
  type Environment,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { routes as manifestRoutes } from '#shared/contract/manifest';
import type { RouteDefinition } from '#shared/contract/route';
import { TIER_IDS, type TierId } from '#shared/domain/tiers';
import { MediaCors } from '../constructs/media-cors';
import type {
  LinkedInClientTarget,
  MeasurementProtocolTarget,
  OAuthClientTarget,
  StripeTarget,
} from '../constructs/function-bindings';
import { DEFAULT_OPT_OUT_LIST } from '../constructs/sms-origination';
import { DEFAULT_SMS_MONTHLY_SPEND_LIMIT_USD } from '../constructs/sms-spend-guard';
import { StageOperations } from '../constructs/stage-operations';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { JobsStack } from './jobs-stack';
import { WEB_DIST_DIR } from '../constructs/paths';
import { stageConfig, type StageConfig } from '../constructs/stage';
import { WebStack, type CustomDomain } from './web-stack';

const DEFAULT_STAGE = 'dev';
const DEFAULT_EMAIL_FROM = 'Sailpost <no-reply@sailpost.app>';
/** Where new support tickets are announced unless context `supportEmail` says otherwise. */
const DEFAULT_SUPPORT_EMAIL = 'support@sailpost.app';

export interface BuildAppOptions {
  /** The app to build into; the CLI entry passes `new App()`, tests leave it out. */
  readonly app?: App;
  /** Context for a new app (tests): `stage`, `emailFrom`, `aws:cdk:bundling-stacks`, ... */
  readonly context?: Record<string, unknown>;
  /** The route manifest; defaults to shared/contract/manifest.ts. Tests pass variants. */
  readonly routes?: readonly RouteDefinition[];
  /** The built SPA directory; defaults to web/dist. */
  readonly webDistDir?: string;
  /** Account/region; defaults to the CLI's current credentials (CDK_DEFAULT_ACCOUNT/REGION). */
  readonly env?: Environment;
}

export interface SailpostApp {
  readonly app: App;
  readonly stage: StageConfig;
  readonly data: DataStack;
  readonly jobs: JobsStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  /** The stage's alarms and dashboard (in the API stack). */
  readonly operations: StageOperations;
}

const stringContext = (app: App, key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
};

/** An OAuth client from context `<name>ClientId` + `<name>ClientSecretName`: both or neither. */
const oauthClientContext = (app: App, name: string): OAuthClientTarget | undefined => {
  const clientId = stringContext(app, `${name}ClientId`);
  const secretName = stringContext(app, `${name}ClientSecretName`);
  if (Boolean(clientId) !== Boolean(secretName)) {
    throw new Error(
      `${name} needs both -c ${name}ClientId=... and -c ${name}ClientSecretName=... (a Secrets Manager secret holding the client secret)`,
    );
  }
  return clientId && secretName ? { clientId, secretName } : undefined;
};

/** A yes/no context: `true` from cdk.json, `"true"` from `-c name=true`; unset is no. */
const booleanContext = (app: App, key: string): boolean => {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '' || value === false) return false;
  if (value === true || value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`Context "${key}" must be true or false`);
};

/**
 * LinkedIn's client, with whether LinkedIn granted it post analytics (`linkedInPostAnalytics`,
 * after LinkedIn's review of the app): without that grant every read of a post's statistics
 * would be refused.
 */
const linkedInClientContext = (app: App): LinkedInClientTarget | undefined => {
  const client = oauthClientContext(app, 'linkedIn');
  const postAnalytics = booleanContext(app, 'linkedInPostAnalytics');
  if (postAnalytics && !client) {
    throw new Error(
      'linkedInPostAnalytics needs the LinkedIn client: -c linkedInClientId=... and -c linkedInClientSecretName=...',
    );
  }
  return client && { ...client, postAnalytics };
};

/**
 * Stripe from context `stripeSecretName` (the API key's secret), `stripeWebhookSecretName` (the
 * endpoint's signing secret) and `stripePriceIntro|Silver|Gold|Platinum`: all or none.
 */
const stripeContext = (app: App): StripeTarget | undefined => {
  const secretKeyName = stringContext(app, 'stripeSecretName');
  const webhookSecretName = stringContext(app, 'stripeWebhookSecretName');
  const prices = Object.fromEntries(
    TIER_IDS.map((tier) => [
      tier,
      stringContext(app, `stripePrice${tier[0]!.toUpperCase()}${tier.slice(1)}`),
    ]),
  );
  const given = [secretKeyName, webhookSecretName, ...Object.values(prices)];
  if (given.every((value) => value === undefined)) return undefined;
  if (!given.every(Boolean)) {
    throw new Error(
      'Stripe needs -c stripeSecretName=... -c stripeWebhookSecretName=... (Secrets Manager secrets holding the API key and the webhook signing secret) and -c stripePriceIntro=... -c stripePriceSilver=... -c stripePriceGold=... -c stripePricePlatinum=... (price ids)',
    );
  }
  return {
    secretKeyName: secretKeyName!,
    webhookSecretName: webhookSecretName!,
    prices: prices as Record<TierId, string>,
  };
};

/**
 * GA4's Measurement Protocol from context `ga4MeasurementId` (the data stream's id) and
 * `ga4ApiSecretName` (the Secrets Manager secret holding its API secret): the server's analytics
 * events need both; with the id alone the browser measures and the server sends nothing.
 */
const measurementProtocolContext = (app: App): MeasurementProtocolTarget | undefined => {
  const measurementId = stringContext(app, 'ga4MeasurementId');
  const apiSecretName = stringContext(app, 'ga4ApiSecretName');
  if (apiSecretName && !measurementId) {
    throw new Error(
      'ga4ApiSecretName needs -c ga4MeasurementId=G-... (the GA4 data stream the API secret belongs to)',
    );
  }
  return measurementId && apiSecretName ? { measurementId, apiSecretName } : undefined;
};

/** The address of a `From` header (`Name <a@b>` or `a@b`). */
const addressOf = (from: string): string => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

/**
 * The SES identity email goes out from: context `emailIdentity` (a verified address or domain), or
 * the domain of `emailFrom`, the usual verified identity.
 */
const emailIdentityContext = (app: App, emailFrom: string): string => {
  const given = stringContext(app, 'emailIdentity');
  if (given) return given;
  const domain = /^[^@\s]+@([^@\s]+)$/.exec(addressOf(emailFrom))?.[1];
  if (!domain) {
    throw new Error(
      `emailFrom "${emailFrom}" has no address to send from; give -c emailFrom="Name <address@domain>"`,
    );
  }
  return domain.toLowerCase();
};

/** The texting settings of a stage; the identity itself is checked where it is used. */
const smsContext = (app: App) => {
  if (stringContext(app, 'smsOriginationNumber')) {
    throw new Error(
      'smsOriginationNumber is no longer read: texts are sent from an End User Messaging SMS identity, given as its ARN with -c smsOriginationIdentity=arn:aws:sms-voice:<region>:<account>:phone-number/<id> (or …:pool/<id>)',
    );
  }
  return {
    originationIdentityArn: stringContext(app, 'smsOriginationIdentity'),
    optOutListName: stringContext(app, 'smsOptOutList') ?? DEFAULT_OPT_OUT_LIST,
    monthlySpendLimitUsd: Number(
      stringContext(app, 'smsMonthlySpendLimitUsd') ?? DEFAULT_SMS_MONTHLY_SPEND_LIMIT_USD,
    ),
    operatorsEmail: stringContext(app, 'operatorsEmail'),
  };
};

/**
 * Wires one stage's stacks, each using the ones before it: `Sailpost-<Stage>-Data` → `-Jobs` (job
 * functions use the table; endpoints start and schedule jobs) → `-Api` → `-Web` (CloudFront in
 * front of the API). The CLI entry (infra/bin/app.ts) and the infra tests both call this, so what
 * the tests assert is what gets deployed.
 *
 * Context: `stage` (default dev), `emailFrom`, `supportEmail` (where new support tickets are announced) and `emailIdentity` (the verified SES identity, by
 * default the domain of `emailFrom`), `logLevel`, `smsOriginationIdentity` (the ARN of the End User
 * Messaging SMS phone number or pool texts are sent from; required in prod, a simulator number
 * elsewhere) and `smsOptOutList` (its opt-out list, default `Default`),
 * `openAiSecretName`, `xClientId` + `xClientSecretName` and `linkedInClientId` +
 * `linkedInClientSecretName` (with `linkedInPostAnalytics=true` once LinkedIn has granted the app
 * the restricted `r_member_postAnalytics` scope: only then are LinkedIn posts' results read),
 * `metaClientId` + `metaClientSecretName`, `googleClientId` + `googleClientSecretName` (the OAuth clients;
 * each secret created by hand), `stripeSecretName`
 * + `stripeWebhookSecretName` + `stripePriceIntro|Silver|Gold|Platinum` (Stripe; both secrets
 * created by hand),
 * `domainName` + `certificateArn` (custom domain for CloudFront), `webAclArn`
 * (existing CloudFront web ACL), `smsMonthlySpendLimitUsd` (whole USD, default 1, AWS's default
 * quota) and
 * `operatorsEmail` (subscribed to the operator alarms), `throughputLimits` (JSON: the outside
 * limits that differ from functions/core/limits/throughput-buckets.ts, e.g.
 * `{"sms-texts":{"amount":3,"perSeconds":1,"burst":3}}` for a toll-free number), `ga4MeasurementId` (GA4, the setting
 * GA4_MEASUREMENT_ID the meta endpoint serves; none by default: no analytics, no Google host in
 * the CSP).
 */
export const buildApp = (options: BuildAppOptions = {}): SailpostApp => {
  const app = options.app ?? new App({ context: options.context });
  const throughputLimits = stringContext(app, 'throughputLimits');
  const stage = stageConfig(
    stringContext(app, 'stage') ?? DEFAULT_STAGE,
    throughputLimits
      ? (JSON.parse(throughputLimits) as Parameters<typeof stageConfig>[1])
      : undefined,
  );

  const domainName = stringContext(app, 'domainName');
  const certificateArn = stringContext(app, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error(
      'A custom domain needs both -c domainName=... and -c certificateArn=... (ACM, us-east-1)',
    );
  }
  const customDomain: CustomDomain | undefined =
    domainName && certificateArn ? { domainName, certificateArn } : undefined;

  const env: Environment = options.env ?? {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  };
  // Explicitly strong (Export/ImportValue): the data stack cannot be deleted while the API still
  // uses its table, secret and bucket. (Silences CDK's "no strength configured" warning.)
  CrossStackReferences.of(app).consume(ReferenceStrength.STRONG);

  const stackName = (part: string) => `Sailpost-${stage.label}-${part}`;
  const emailFrom = stringContext(app, 'emailFrom') ?? DEFAULT_EMAIL_FROM;
  const ga4MeasurementId = stringContext(app, 'ga4MeasurementId');
  const common = { env, stage, terminationProtection: stage.isProd };

  const data = new DataStack(app, stackName('Data'), {
    ...common,
    stackName: stackName('Data'),
    description: `Sailpost ${stage.name}: table, media bucket, JWT signing secret, credential key`,
    // With a custom domain the origin is known here; without one, the web stack sets the rule
    // once the distribution's domain exists (MediaCors below) - never `*.cloudfront.net`.
    mediaCorsOrigins: customDomain ? [`https://${customDomain.domainName}`] : [],
  });
  const jobs = new JobsStack(app, stackName('Jobs'), {
    ...common,
    stackName: stackName('Jobs'),
    description: `Sailpost ${stage.name}: background jobs, their schedules, scheduler role, DLQ, inbound SMS topic, SMS sending identity, spend limit and alarms`,
    sms: smsContext(app),
    targets: {
      stage,
      logLevel: stringContext(app, 'logLevel') ?? 'INFO',
      table: data.table,
      mediaBucket: data.mediaBucket,
      jwtSecret: data.jwtSecret,
      originVerifySecret: data.originVerifySecret,
      credentialKeySecret: data.credentialKeySecret,
      emailFrom,
      emailIdentity: emailIdentityContext(app, emailFrom),
      supportEmail: stringContext(app, 'supportEmail') ?? DEFAULT_SUPPORT_EMAIL,
      openAiSecretName: stringContext(app, 'openAiSecretName'),
      xClient: oauthClientContext(app, 'x'),
      linkedInClient: linkedInClientContext(app),
      metaClient: oauthClientContext(app, 'meta'),
      googleClient: oauthClientContext(app, 'google'),
      ga4MeasurementId,
      stripe: stripeContext(app),
      measurementProtocol: measurementProtocolContext(app),
    },
  });
  const api = new ApiStack(app, stackName('Api'), {
    ...common,
    stackName: stackName('Api'),
    description: `Sailpost ${stage.name}: HTTP API and one Lambda per endpoint group`,
    targets: jobs.bindingTargets,
    routes: options.routes ?? manifestRoutes,
  });
  const web = new WebStack(app, stackName('Web'), {
    ...common,
    stackName: stackName('Web'),
    description: `Sailpost ${stage.name}: CloudFront, SPA bucket, /api/* to the HTTP API`,
    httpApi: api.httpApi,
    originVerifySecret: data.originVerifySecret,
    mediaBucket: data.mediaBucket,
    webDistDir: options.webDistDir ?? WEB_DIST_DIR,
    customDomain,
    webAclArn: stringContext(app, 'webAclArn'),
    analytics: Boolean(ga4MeasurementId),
  });

  if (!customDomain) {
    new MediaCors(web, 'MediaCors', { bucket: data.mediaBucket, origin: web.appUrl });
  }

  // Made last, in the API stack (it sees the jobs stack's queues and the API): the stage's alarms
  // and dashboard, over every queue the jobs stack has by now.
  const { smsSpendGuard } = jobs;
  const operations = new StageOperations(api, 'Operations', {
    stage,
    topic: smsSpendGuard.operatorsTopic,
    jobs,
    httpApi: api.httpApi,
    otherAlarms: [
      smsSpendGuard.spendAlarm,
      smsSpendGuard.deliveryAlarm,
      ...smsSpendGuard.verificationCeilingAlarms.values(),
    ],
  });

  for (const stack of [data, jobs, api, web]) {
    Tags.of(stack).add('Project', 'sailpost');
    Tags.of(stack).add('Stage', stage.name);
  }

  // cdk-nag v3 is a policy-validation plugin: synth fails on any unacknowledged finding.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

  return { app, stage, data, jobs, api, web, operations };
};
