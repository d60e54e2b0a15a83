import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  type HttpRoute,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ENDPOINT_GROUP_DECLARATIONS } from '#functions/catalogue';
import {
  API_PREFIX,
  ENDPOINT_GROUPS,
  routeKeyOf,
  type EndpointGroup,
  type RouteDefinition,
} from '#shared/contract/route';
import type { BindingTargets } from '../constructs/function-bindings';
import { endpointEntryOf } from '../constructs/function-bundling';
import { SailpostFunction } from '../constructs/sailpost-function';
import { acknowledge } from '../constructs/nag';
import type { StageConfig } from '../constructs/stage';

interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/**
 * Tighter limits on the routes that guess passwords and codes or send email and texts, stage-wide
 * (requests per second, all clients together) — a ceiling under the per-account and per-address
 * limits the functions keep, so a flood is cut off before it costs Lambda time or SMS.
 */
export const AUTH_ROUTE_THROTTLES: readonly {
  readonly matches: (route: Pick<RouteDefinition, 'method' | 'path'>) => boolean;
  readonly dev: Throttle;
  readonly prod: Throttle;
}[] = [
  {
    matches: (route) => route.method === 'POST' && route.path === '/auth/login',
    dev: { rateLimit: 5, burstLimit: 10 },
    prod: { rateLimit: 25, burstLimit: 50 },
  },
  {
    matches: (route) =>
      route.method === 'POST' &&
      ['/auth/register', '/auth/forgot-password', '/auth/reset-password'].includes(route.path),
    dev: { rateLimit: 2, burstLimit: 5 },
    prod: { rateLimit: 10, burstLimit: 20 },
  },
  {
    matches: (route) => route.path.startsWith('/auth/2fa/'),
    dev: { rateLimit: 2, burstLimit: 5 },
    prod: { rateLimit: 10, burstLimit: 20 },
  },
];

/** Every endpoint group must check that its requests came through CloudFront. */
const requireOriginKey = (group: EndpointGroup): void => {
  if (!ENDPOINT_GROUP_DECLARATIONS[group].bindings.secrets?.includes('originKey')) {
    throw new Error(
      `The ${group} endpoints do not declare the originKey secret (functions/${group}/bindings.ts): without it their function would answer requests sent straight to the execute-api address, past CloudFront.`,
    );
  }
};

export interface ApiStackProps extends StackProps {
  readonly stage: StageConfig;
  /** What the endpoint groups' bindings resolve to (the data and jobs stacks' resources). */
  readonly targets: BindingTargets;
  /** The route manifest: one API route per entry (shared/contract/manifest.ts in the app). */
  readonly routes: readonly RouteDefinition[];
}

/**
 * The HTTP API and one Lambda per endpoint group, both derived from the route manifest; each
 * function is built from its group's declaration (functions/<group>/bindings.ts).
 * Authorisation happens inside the Lambdas (jose), so the routes carry no API Gateway authorizer.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** The Lambda of each endpoint group that has at least one route. */
  readonly functions: ReadonlyMap<EndpointGroup, SailpostFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, targets, routes } = props;

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
    const httpStage = new HttpStage(this, 'DefaultStage', {
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

    const groupsWithRoutes = ENDPOINT_GROUPS.filter((group) =>
      routes.some((route) => route.group === group),
    );
    groupsWithRoutes.forEach(requireOriginKey);
    this.functions = new Map(
      groupsWithRoutes.map((group) => [
        group,
        new SailpostFunction(this, group, {
          title: `${group} endpoints`,
          entry: endpointEntryOf(group),
          declaration: ENDPOINT_GROUP_DECLARATIONS[group],
          targets,
        }),
      ]),
    );

    const integrations = new Map(
      [...this.functions].map(([group, fn]) => [
        group,
        new HttpLambdaIntegration(`${group}-integration`, fn.function),
      ]),
    );
    const apiRoutes: HttpRoute[] = [];
    for (const route of routes) {
      const integration = integrations.get(route.group);
      if (!integration) throw new Error(`No integration for endpoint group "${route.group}"`);
      apiRoutes.push(
        ...this.httpApi.addRoutes({
          path: `${API_PREFIX}${route.path}`,
          methods: [HttpMethod[route.method]],
          integration,
        }),
      );
    }
    this.throttleAuthRoutes(httpStage, apiRoutes, routes, stage.isProd);

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  /** Route settings for AUTH_ROUTE_THROTTLES, on the routes the manifest has. */
  private throttleAuthRoutes(
    httpStage: HttpStage,
    apiRoutes: readonly HttpRoute[],
    routes: readonly RouteDefinition[],
    isProd: boolean,
  ): void {
    // RouteSettings is a JSON map keyed by route key, written as CloudFormation spells it.
    const routeSettings: Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    > = {};
    for (const route of routes) {
      const throttle = AUTH_ROUTE_THROTTLES.find((entry) => entry.matches(route));
      if (!throttle) continue;
      const { rateLimit, burstLimit } = isProd ? throttle.prod : throttle.dev;
      routeSettings[routeKeyOf(route)] = {
        ThrottlingRateLimit: rateLimit,
        ThrottlingBurstLimit: burstLimit,
      };
    }
    if (Object.keys(routeSettings).length === 0) return;
    (httpStage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', routeSettings);
    // A route setting names a route by its key; the route must exist when the stage is updated.
    for (const route of apiRoutes) httpStage.node.addDependency(route);
  }
}
