import * as z from 'zod';

/**
 * Configuration from the environment, parsed once per cold start. A missing required variable
 * fails fast with its name. Secrets are read here but never logged.
 */
const schema = z.object({
  STAGE: z.string().default('sandbox'),
  TABLE_NAME: z.string().min(1),
  /**
   * Public origin of the web app, for links in emails and texts. In AWS the web stack publishes
   * it as an SSM parameter (APP_URL_PARAMETER), which avoids a CloudFront <-> API dependency cycle.
   */
  APP_URL: z.url().optional(),
  APP_URL_PARAMETER: z.string().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  /** Set by the sandbox: DynamoDB Local's address. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  /** "true" in the sandbox: outside services are stood in for locally. */
  SANDBOX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Signing key for access tokens: given directly (sandbox) or as a Secrets Manager ARN (AWS). */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_SECRET_ARN: z.string().optional(),
  EMAIL_FROM: z.string().default('Sailpost <no-reply@sailpost.app>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** OpenAI drafts in production; without a key the offline drafter runs (sandbox mode). */
  OPENAI_API_KEY: z.string().optional(),
  /** In AWS the key lives in Secrets Manager (context openAiSecretName); read when first needed. */
  OPENAI_SECRET_ARN: z.string().optional(),
  /** Only the tests point this at a fake of OpenAI's HTTP API. */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** The number texts are sent from (End User Messaging origination identity). */
  SMS_ORIGINATION_NUMBER: z.string().optional(),
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
  LOG_LEVEL: z.string().default('INFO'),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

export const config = (): Config => {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid or missing configuration: ${names}`);
  }
  if (!parsed.data.JWT_SECRET && !parsed.data.JWT_SECRET_ARN) {
    throw new Error('Invalid or missing configuration: JWT_SECRET or JWT_SECRET_ARN');
  }
  if (!parsed.data.APP_URL && !parsed.data.APP_URL_PARAMETER) {
    throw new Error('Invalid or missing configuration: APP_URL or APP_URL_PARAMETER');
  }
  cached = parsed.data;
  return cached;
};

/** Tests and the sandbox change the environment between runs. */
export const resetConfigForTests = (): void => {
  cached = undefined;
};
