import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ArnFormat, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GLOBAL_INDEXES } from '#functions/core/db/table';
import {
  API_PREFIX,
  ENDPOINT_GROUPS,
  type EndpointGroup,
  type RouteDefinition,
} from '#shared/contract/route';
import { acknowledge, nagEnv } from './nag';
import { REPO_ROOT } from './paths';
import type { StageConfig } from './stage';

export interface ApiStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly table: ITable;
  readonly jwtSecret: ISecret;
  readonly mediaBucket: IBucket;
  /** The route manifest: one API route per entry (shared/contract/manifest.ts in the app). */
  readonly routes: readonly RouteDefinition[];
  /** `From` address of transactional email (context `emailFrom`). */
  readonly emailFrom: string;
  /** Powertools / config log level (context `logLevel`). */
  readonly logLevel: string;
}

/** Per-group sizing: `auth` hashes passwords with scrypt (N=2^17 needs ~128 MB and real CPU). */
const MEMORY_MB: Partial<Record<EndpointGroup, number>> = { auth: 1024 };
const DEFAULT_MEMORY_MB = 512;

/** Under API Gateway's 30 s integration limit; a request that takes longer is a bug. */
const FUNCTION_TIMEOUT = Duration.seconds(10);

/**
 * esbuild settings of every endpoint Lambda (exported so a test can bundle the real handlers with
 * exactly these settings and hold them to the size budget).
 *
 * The AWS SDK v3 is left to the nodejs22.x runtime (`@aws-sdk/*` external, CDK's default for that
 * runtime) instead of being bundled: with the clients the handlers use (DynamoDB + lib-dynamodb,
 * Secrets Manager, SSM, SESv2) and @smithy/core inside, the bundles measured 770-920 KB minified -
 * over the 600 KB budget even without the credential providers Lambda never uses - and ~370 KB
 * without. The price is that the SDK version is the runtime's, not the lock file's; the calls used
 * are long-stable. To pin it, ship the locked SDK as a layer (or bundle it and raise the budget).
 */
export const ENDPOINT_BUNDLING = {
  format: OutputFormat.ESM,
  target: 'node22',
  platform: 'node',
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  // Stack traces only need the mappings; leaving the sources out halves the map.
  sourcesContent: false,
  // ESM bundles of CommonJS dependencies call `require` for Node built-ins; give them one
  // (esbuild's `__require` shim falls back to this module-scope `require`).
  banner:
    "import { createRequire as __sailpostCreateRequire } from 'node:module'; const require = __sailpostCreateRequire(import.meta.url);",
  externalModules: ['@aws-sdk/*'],
} as const satisfies BundlingOptions;

/** Upper bound for one endpoint bundle (minified, without its source map). */
export const ENDPOINT_BUNDLE_BUDGET_BYTES = 600 * 1024;

/** Where a group's Lambda entry point lives. */
export const handlerEntryOf = (group: EndpointGroup): string =>
  join(REPO_ROOT, 'functions', group, 'handler.ts');

/**
 * The HTTP API and one Lambda per endpoint group, both derived from the route manifest.
 * Authorisation happens inside the Lambdas (jose), so the routes carry no API Gateway authorizer.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** The Lambda of each endpoint group that has at least one route. */
  readonly functions: ReadonlyMap<EndpointGroup, NodejsFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, table, jwtSecret, mediaBucket, routes } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `sailpost-${stage.name}`,
      description: `Sailpost ${stage.name} API (served under ${API_PREFIX} through CloudFront)`,
      // The stage is declared below so that it gets access logs and default throttling.
      createDefaultStage: false,
    });
    acknowledge(
      this.httpApi,
      'AwsSolutions-APIG4',
      'Authorisation is enforced inside each Lambda (jose: HS256 JWT from Secrets Manager, algorithm allow-list, access level per route from the shared route manifest: public/user/staff/admin). Public routes such as login and register must be reachable without a token, and the same middleware runs behind the local sandbox gateway, so an API Gateway authorizer would split the rules in two places.',
    );

    const accessLogGroup = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: stage.isProd
        ? { rateLimit: 500, burstLimit: 1000 }
        : { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogGroup),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
            error: '$context.error.message',
          }),
        ),
      },
    });

    const appUrlParameterArn = this.formatArn({
      service: 'ssm',
      resource: 'parameter',
      resourceName: stage.appUrlParameterName.replace(/^\//, ''),
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });

    const groupsWithRoutes = ENDPOINT_GROUPS.filter((group) =>
      routes.some((route) => route.group === group),
    );
    const functions = new Map<EndpointGroup, NodejsFunction>();
    for (const group of groupsWithRoutes) {
      functions.set(
        group,
        this.endpointFunction(group, {
          stage,
          table,
          jwtSecret,
          mediaBucket,
          emailFrom: props.emailFrom,
          logLevel: props.logLevel,
          appUrlParameterArn,
        }),
      );
    }
    this.functions = functions;

    const integrations = new Map(
      [...functions].map(([group, fn]) => [
        group,
        new HttpLambdaIntegration(`${group}-integration`, fn),
      ]),
    );
    for (const route of routes) {
      const integration = integrations.get(route.group);
      if (!integration) throw new Error(`No integration for endpoint group "${route.group}"`);
      this.httpApi.addRoutes({
        path: `${API_PREFIX}${route.path}`,
        methods: [HttpMethod[route.method]],
        integration,
      });
    }

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  private endpointFunction(
    group: EndpointGroup,
    options: {
      stage: StageConfig;
      table: ITable;
      jwtSecret: ISecret;
      mediaBucket: IBucket;
      emailFrom: string;
      logLevel: string;
      appUrlParameterArn: string;
    },
  ): NodejsFunction {
    const { stage, table, jwtSecret, mediaBucket } = options;
    const entry = handlerEntryOf(group);
    if (!existsSync(entry)) {
      throw new Error(
        `Endpoint group "${group}" has routes in the manifest but no handler at ${entry}`,
      );
    }

    const logGroup = new LogGroup(this, `${group}-logs`, {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });

    // An explicit role instead of the default one, which would carry the AWSLambdaBasicExecutionRole
    // managed policy (logs:CreateLogGroup on *): this one may only write to its own log group
    // (logs:CreateLogStream/PutLogEvents on the group's `...:log-group:<name>:*` ARN).
    const role = new Role(this, `${group}-role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Sailpost ${stage.name} ${group} endpoints`,
    });
    logGroup.grantWrite(role);

    // Item-level read/write on the table and Query on its indexes - no Scan (no Scan on a request
    // path), no table administration. Transactions are authorised per item action.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: [
          'dynamodb:BatchGetItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:ConditionCheckItem',
          'dynamodb:DeleteItem',
          'dynamodb:DescribeTable',
          'dynamodb:GetItem',
          'dynamodb:PutItem',
          'dynamodb:Query',
          'dynamodb:UpdateItem',
        ],
        resources: [
          table.tableArn,
          ...GLOBAL_INDEXES.map((index) => `${table.tableArn}/index/${index.indexName}`),
        ],
      }),
    );
    jwtSecret.grantRead(role);

    // The OpenAI key, when the stage has one (context openAiSecretName: a secret created by hand,
    // so the key never passes through CDK, the template or the environment).
    const openAiSecretName = this.node.tryGetContext('openAiSecretName') as string | undefined;
    const openAiSecret =
      group === 'ai' && openAiSecretName
        ? Secret.fromSecretNameV2(this, 'OpenAiKey', openAiSecretName)
        : undefined;
    openAiSecret?.grantRead(role);

    if (group === 'auth') {
      role.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [
            this.formatArn({
              service: 'ses',
              resource: 'identity',
              resourceName: '*',
              arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
            }),
          ],
        }),
      );
      role.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ssm:GetParameter'],
          resources: [options.appUrlParameterArn],
        }),
      );
      // Verification codes by text: SNS publishes straight to a phone number, which has no ARN.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['sns:Publish', 'sns:CheckIfPhoneNumberIsOptedOut'],
          resources: ['*'],
        }),
      );
    }

    const fn = new NodejsFunction(this, `${group}-function`, {
      description: `Sailpost ${stage.name}: ${group} endpoints`,
      entry,
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: MEMORY_MB[group] ?? DEFAULT_MEMORY_MB,
      timeout: FUNCTION_TIMEOUT,
      tracing: Tracing.ACTIVE,
      logGroup,
      role,
      environment: {
        STAGE: stage.name,
        TABLE_NAME: table.tableName,
        JWT_SECRET_ARN: jwtSecret.secretArn,
        APP_URL_PARAMETER: stage.appUrlParameterName,
        EMAIL_FROM: options.emailFrom,
        MEDIA_BUCKET: mediaBucket.bucketName,
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'sailpost',
        LOG_LEVEL: options.logLevel,
        ...(openAiSecret ? { OPENAI_SECRET_ARN: openAiSecret.secretArn } : {}),
        // The End User Messaging origination number texts are sent from (context smsOriginationNumber).
        ...(this.node.tryGetContext('smsOriginationNumber')
          ? { SMS_ORIGINATION_NUMBER: String(this.node.tryGetContext('smsOriginationNumber')) }
          : {}),
      },
      bundling: { ...ENDPOINT_BUNDLING, externalModules: [...ENDPOINT_BUNDLING.externalModules] },
    });

    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      group === 'auth'
        ? 'X-Ray active tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) and SMS to a phone number (sns:Publish with PhoneNumber, sns:CheckIfPhoneNumberIsOptedOut) support no resource-level permissions, so they are granted on "*" and nothing else is.'
        : 'X-Ray active tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) supports no resource-level permissions; CDK adds exactly these two actions on "*".',
    );
    if (group === 'auth') {
      const nag = nagEnv(this);
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::arn:${nag.partition}:ses:${nag.region}:${nag.account}:identity/*]`,
        'SES checks ses:SendEmail against the sender identity and, while the account is in the SES sandbox, the recipient identities too. The verified identities (domain or address from EMAIL_FROM) are set up outside this stack, so the grant covers identities of this account and region only.',
      );
    }
    acknowledge(
      fn,
      'AwsSolutions-L1',
      'nodejs22.x (Node 22 LTS, supported by Lambda) is chosen deliberately and the bundles target node22; moving to nodejs24.x is a planned upgrade (bundle target, local Node version, tests), not something a linter should bump silently.',
    );
    return fn;
  }
}
