import { describe, expect, it } from 'vitest';
import { ENDPOINT_GROUP_DECLARATIONS, JOB_DECLARATIONS } from '#functions/catalogue';
import { BINDING_VARIABLES, declareFunction, type Bindings } from '#functions/core/bindings';
import { bindingValues, functionEnvironment, type SandboxWiring } from './function-environment';

const wiring: SandboxWiring = {
  url: 'http://localhost:3000',
  dynamoDbEndpoint: 'http://127.0.0.1:8000',
  s3Endpoint: 'http://localhost:9000',
  jwtSecret: 'a'.repeat(128),
  credentialKey: 'c'.repeat(128),
  stripeWebhookSecret: 'whsec_test',
  settings: {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'gpt-test',
    FETCH_ALLOW_ORIGINS: 'http://127.0.0.1:8080',
    GOOGLE_CLIENT_ID: 'google-id',
    PATH: '/usr/bin',
  },
};

const COMMON = {
  STAGE: 'sandbox',
  SANDBOX: 'true',
  AWS_REGION: 'us-east-1',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
  S3_ENDPOINT: 'http://localhost:9000',
  LOG_LEVEL: 'INFO',
  SANDBOX_URL: 'http://localhost:3000',
};

const environmentOf = (group: keyof typeof ENDPOINT_GROUP_DECLARATIONS) =>
  functionEnvironment(group, ENDPOINT_GROUP_DECLARATIONS[group], wiring);

describe('functionEnvironment', () => {
  it('gives meta only what every function has, the Google client id the auth group signs in with, and the GA4 measurement id', () => {
    // .env names a Google client id but no secret: the auth group uses the stand-in's client.
    expect(environmentOf('meta')).toEqual({
      ...COMMON,
      GOOGLE_CLIENT_ID: 'sailpost-sandbox.apps.googleusercontent.com',
      GA4_MEASUREMENT_ID: 'G-SANDBOX',
    });
    // Without Google in .env, the stand-in's id shows 'Continue with Google' all the same.
    expect(
      functionEnvironment('meta', ENDPOINT_GROUP_DECLARATIONS.meta, { ...wiring, settings: {} }),
    ).toMatchObject({ GOOGLE_CLIENT_ID: 'sailpost-sandbox.apps.googleusercontent.com' });
    // A real measurement id in .env is sent to Google instead of the stand-in.
    expect(
      functionEnvironment('meta', ENDPOINT_GROUP_DECLARATIONS.meta, {
        ...wiring,
        settings: { GA4_MEASUREMENT_ID: 'G-REAL123' },
      }),
    ).toMatchObject({ GA4_MEASUREMENT_ID: 'G-REAL123' });
  });

  it('gives each group the variables of its bindings, with the sandbox values', () => {
    expect(environmentOf('auth')).toEqual({
      ...COMMON,
      TABLE_NAME: 'sailpost-sandbox',
      JWT_SECRET: wiring.jwtSecret,
      EMAIL_FROM: 'Sailpost <no-reply@sailpost.app>',
      SUPPORT_EMAIL: 'support@sailpost.local',
      APP_URL: 'http://localhost:3000',
      JOB_PASSWORD_RESET_EMAIL_ARN:
        'arn:aws:lambda:us-east-1:000000000000:function:sailpost-sandbox-password-reset-email',
      // .env names a Google client id but no secret: the stand-in's client.
      GOOGLE_CLIENT_ID: 'sailpost-sandbox.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'sailpost-sandbox-google-secret',
      GOOGLE_ISSUER_URL: 'http://localhost:3000/_sandbox/providers/google',
    });
    expect(environmentOf('companies')).toEqual({
      ...COMMON,
      TABLE_NAME: 'sailpost-sandbox',
      JWT_SECRET: wiring.jwtSecret,
      JOB_COMPANY_CLEANUP_ARN:
        'arn:aws:lambda:us-east-1:000000000000:function:sailpost-sandbox-company-cleanup',
    });
    expect(environmentOf('ai')).toEqual({
      ...COMMON,
      TABLE_NAME: 'sailpost-sandbox',
      JWT_SECRET: wiring.jwtSecret,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-test',
      FETCH_ALLOW_ORIGINS: 'http://127.0.0.1:8080',
      JOB_CAMPAIGN_GENERATION_ARN:
        'arn:aws:lambda:us-east-1:000000000000:function:sailpost-sandbox-campaign-generation',
    });
  });

  it('leaves out settings the sandbox was not given, and nothing else of its own environment leaks', () => {
    const ai = functionEnvironment('ai', ENDPOINT_GROUP_DECLARATIONS.ai, {
      ...wiring,
      settings: {},
    });
    expect(ai).not.toHaveProperty('OPENAI_API_KEY');
    expect(ai).not.toHaveProperty('FETCH_ALLOW_ORIGINS');
    expect(environmentOf('users')).not.toHaveProperty('PATH');
  });

  it('gives jobs their declared environment too', () => {
    expect(functionEnvironment('sweeper', JOB_DECLARATIONS.sweeper, wiring)).toEqual({
      ...COMMON,
      TABLE_NAME: 'sailpost-sandbox',
      JOB_COMPANY_CLEANUP_ARN:
        'arn:aws:lambda:us-east-1:000000000000:function:sailpost-sandbox-company-cleanup',
      JOB_CAMPAIGN_CLEANUP_ARN:
        'arn:aws:lambda:us-east-1:000000000000:function:sailpost-sandbox-campaign-cleanup',
      // It starts and schedules the publisher, and texts a post it fails.
      JOB_PUBLISHER_ARN:
        'arn:aws:lambda:us-east-1:000000000000:function:sailpost-sandbox-publisher',
      SCHEDULE_GROUP: 'sailpost-sandbox',
      SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/sailpost-sandbox-scheduler',
      SCHEDULER_DLQ_ARN: 'arn:aws:sqs:us-east-1:000000000000:sailpost-sandbox-jobs-dlq',
      APP_URL: 'http://localhost:3000',
      // That text, when it meets the texting limit, waits on the text-later queue.
      QUEUE_TEXT_LATER_URL: 'http://localhost:3000/_sandbox/api/queues/text-later',
    });
    // The campaign generator's worker reads websites: the tests' local site too.
    expect(
      functionEnvironment('campaign-generation', JOB_DECLARATIONS['campaign-generation'], wiring),
    ).toEqual({
      ...COMMON,
      TABLE_NAME: 'sailpost-sandbox',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-test',
      FETCH_ALLOW_ORIGINS: 'http://127.0.0.1:8080',
    });
  });

  it('gives the scheduler binding its group, role, queue and the scheduled jobs’ ARNs', () => {
    const declaration = declareFunction({
      bindings: { schedules: ['sweeper'], sms: true, mediaBucket: 'read' },
    });
    const environment = functionEnvironment('x', declaration, {
      ...wiring,
      settings: { SMS_ORIGINATION_IDENTITY: 'arn:aws:sms-voice:us-east-1:1:pool/p' },
    });
    expect(environment).toMatchObject({
      SCHEDULE_GROUP: 'sailpost-sandbox',
      SCHEDULER_ROLE_ARN: expect.stringMatching(/^arn:aws:iam::/),
      SCHEDULER_DLQ_ARN: expect.stringMatching(/^arn:aws:sqs:/),
      JOB_SWEEPER_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:sailpost-sandbox-sweeper',
      MEDIA_BUCKET: 'sailpost-media',
    });
    // The outbox texts in the sandbox: it is given no sending identity, whatever .env says.
    expect(environment).not.toHaveProperty('SMS_ORIGINATION_IDENTITY');
    expect(environment).not.toHaveProperty('SMS_OPT_OUT_LIST');
  });

  it('says for every variable of BINDING_VARIABLES what it is in the sandbox', () => {
    const everything: Required<Bindings> = {
      table: 'read-write',
      mediaBucket: 'read-write',
      sms: true,
      email: true,
      appUrl: true,
      schedules: [],
      starts: [],
      enqueues: [],
      googleClientId: true,
      analyticsId: true,
      secrets: [
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
      ],
    };
    const named = new Set(
      Object.values(bindingValues(everything, wiring)).flatMap((values) => Object.keys(values)),
    );
    const listed = Object.values(BINDING_VARIABLES).flatMap((variables) =>
      Array.isArray(variables) ? variables : Object.values(variables).flat(),
    );
    for (const variable of listed) expect(named, variable).toContain(variable);
  });

  describe('Google sign-in', () => {
    it('is the real Google with both keys of .env, at the issuer .env may name', () => {
      expect(
        functionEnvironment('auth', ENDPOINT_GROUP_DECLARATIONS.auth, {
          ...wiring,
          settings: {
            GOOGLE_CLIENT_ID: 'real.apps.googleusercontent.com',
            GOOGLE_CLIENT_SECRET: 'real-secret',
          },
        }),
      ).toMatchObject({
        GOOGLE_CLIENT_ID: 'real.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'real-secret',
      });
    });

    it('is bound to the auth group alone', () => {
      for (const [group, declaration] of Object.entries(ENDPOINT_GROUP_DECLARATIONS)) {
        const secrets: readonly string[] = declaration.bindings.secrets ?? [];
        expect(secrets.includes('googleClientSecret'), group).toBe(group === 'auth');
      }
    });
  });

  describe('the social clients', () => {
    const social = declareFunction({
      bindings: { secrets: ['xClientSecret', 'linkedInClientSecret'] },
    });

    it("point at the sandbox's stand-ins, with the clients they know, when .env has no keys", () => {
      expect(functionEnvironment('social', social, { ...wiring, settings: {} })).toEqual({
        ...COMMON,
        X_CLIENT_ID: 'sailpost-sandbox-x',
        X_CLIENT_SECRET: 'sailpost-sandbox-x-secret',
        X_API_BASE_URL: 'http://localhost:3000/_sandbox/providers/x',
        X_AUTHORIZE_URL: 'http://localhost:3000/_sandbox/providers/x/i/oauth2/authorize',
        LINKEDIN_CLIENT_ID: 'sailpost-sandbox-linkedin',
        LINKEDIN_CLIENT_SECRET: 'sailpost-sandbox-linkedin-secret',
        LINKEDIN_API_BASE_URL: 'http://localhost:3000/_sandbox/providers/linkedin',
        LINKEDIN_AUTH_BASE_URL: 'http://localhost:3000/_sandbox/providers/linkedin',
        // The stand-in's app has been granted post analytics.
        LINKEDIN_POST_ANALYTICS: 'true',
      });
    });

    it('use the real providers when .env has both keys of one', () => {
      const environment = functionEnvironment('social', social, {
        ...wiring,
        settings: {
          X_CLIENT_ID: 'real-x-id',
          X_CLIENT_SECRET: 'real-x-secret',
          LINKEDIN_CLIENT_ID: 'real-linkedin-id',
          LINKEDIN_VERSION: '202609',
        },
      });
      expect(environment).toMatchObject({
        X_CLIENT_ID: 'real-x-id',
        X_CLIENT_SECRET: 'real-x-secret',
        // Only an id: still the stand-in, whole (a real id with the stand-in's secret would fail).
        LINKEDIN_CLIENT_ID: 'sailpost-sandbox-linkedin',
        LINKEDIN_VERSION: '202609',
      });
      // The real X at its real address (the config's defaults).
      expect(environment).not.toHaveProperty('X_API_BASE_URL');
      expect(environment).not.toHaveProperty('X_AUTHORIZE_URL');
    });

    it("reads LinkedIn's post analytics only where .env says the real app was granted them", () => {
      const real = { LINKEDIN_CLIENT_ID: 'real-linkedin-id', LINKEDIN_CLIENT_SECRET: 'real' };
      const granted = { ...real, LINKEDIN_POST_ANALYTICS: 'true' };
      expect(
        functionEnvironment('social', social, { ...wiring, settings: real }),
      ).not.toHaveProperty('LINKEDIN_POST_ANALYTICS');
      expect(functionEnvironment('social', social, { ...wiring, settings: granted })).toMatchObject(
        { LINKEDIN_CLIENT_ID: 'real-linkedin-id', LINKEDIN_POST_ANALYTICS: 'true' },
      );
    });
  });

  describe('Stripe', () => {
    const billing = declareFunction({
      bindings: { secrets: ['stripeSecretKey', 'stripeWebhookSecret'] },
    });

    it("is the sandbox's stand-in on this origin, with its key, prices and webhook secret", () => {
      expect(functionEnvironment('billing', billing, wiring)).toMatchObject({
        STRIPE_SECRET_KEY: 'sk_test_sailpost_sandbox',
        STRIPE_API_BASE_URL: 'http://localhost:3000/_sandbox/providers/stripe',
        STRIPE_PRICE_GOLD: 'price_sandbox_gold',
        STRIPE_WEBHOOK_SECRET: 'whsec_test',
      });
    });

    it('is the real Stripe with the key, prices and webhook secret of .env', () => {
      const environment = functionEnvironment('billing', billing, {
        ...wiring,
        settings: {
          STRIPE_SECRET_KEY: 'sk_test_real',
          STRIPE_WEBHOOK_SECRET: 'whsec_real',
          STRIPE_PRICE_GOLD: 'price_real_gold',
        },
      });
      expect(environment).toMatchObject({
        STRIPE_SECRET_KEY: 'sk_test_real',
        STRIPE_WEBHOOK_SECRET: 'whsec_real',
        STRIPE_PRICE_GOLD: 'price_real_gold',
      });
      // The real API at its real address (the config's default).
      expect(environment).not.toHaveProperty('STRIPE_API_BASE_URL');
    });
  });

  describe("GA4's Measurement Protocol", () => {
    const reporter = declareFunction({ bindings: { secrets: ['measurementProtocolSecret'] } });

    it("is the sandbox's GA4 stand-in on this origin, with its fake id and secret", () => {
      expect(functionEnvironment('billing', reporter, wiring)).toMatchObject({
        GA4_MEASUREMENT_ID: 'G-SANDBOX',
        GA4_API_SECRET: 'sandbox-measurement-protocol-secret',
        GA4_MEASUREMENT_PROTOCOL_URL:
          'http://localhost:3000/_sandbox/providers/google-analytics/mp/collect',
      });
    });

    it("is Google's collector with the measurement id and API secret of .env", () => {
      const environment = functionEnvironment('billing', reporter, {
        ...wiring,
        settings: { GA4_MEASUREMENT_ID: 'G-REAL123', GA4_API_SECRET: 'real-secret' },
      });
      expect(environment).toMatchObject({
        GA4_MEASUREMENT_ID: 'G-REAL123',
        GA4_API_SECRET: 'real-secret',
      });
      // Google's collector (the config's default).
      expect(environment).not.toHaveProperty('GA4_MEASUREMENT_PROTOCOL_URL');
    });
  });
});
