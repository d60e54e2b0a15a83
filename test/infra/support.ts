import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { RouteDefinition } from '#shared/contract/route';
import { routeKeyOf } from '#shared/contract/route';
import type { ApiStack } from '#infra/stacks/api-stack';
import { REPO_ROOT } from '#infra/constructs/paths';
import { buildApp, type BuildAppOptions, type SailpostApp } from '#infra/stacks/sailpost-app';

/** The context the CLI passes from cdk.json, so the tests see the same feature flags. */
const cdkJsonContext = (): Record<string, unknown> =>
  (
    JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
      context?: Record<string, unknown>;
    }
  ).context ?? {};

/**
 * The sending identity the tests give prod, which refuses to synthesize without one (a test that
 * is about something else should not have to know); a test may give its own.
 */
export const testProdSmsIdentity = (region = 'us-east-1'): string =>
  `arn:aws:sms-voice:${region}:123456789012:pool/pool-0123456789abcdef0123456789abcdef`;

/**
 * Builds the app exactly as infra/bin/app.ts does, with NodejsFunction bundling skipped
 * (`aws:cdk:bundling-stacks: []`) so the tests stay fast.
 */
export const buildTestApp = (
  context: Record<string, unknown> = {},
  options: Omit<BuildAppOptions, 'app' | 'context'> = {},
): SailpostApp =>
  buildApp({
    ...options,
    // Environment-agnostic unless a test pins one, whatever credentials the shell has.
    env: options.env ?? {},
    context: {
      ...cdkJsonContext(),
      'aws:cdk:bundling-stacks': [],
      ...(context.stage === 'prod'
        ? { smsOriginationIdentity: testProdSmsIdentity(options.env?.region) }
        : {}),
      ...context,
    },
  });

export const templatesOf = (built: SailpostApp) => ({
  data: Template.fromStack(built.data),
  jobs: Template.fromStack(built.jobs),
  api: Template.fromStack(built.api),
  web: Template.fromStack(built.web),
});

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

export const resourcesOfType = (template: Template, type: string): Resources =>
  template.findResources(type) as Resources;

/** The route keys (`POST /api/auth/login`) that the API stack declares. */
export const routeKeysOf = (template: Template): string[] =>
  Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route')).map(
    (route) => route.Properties?.RouteKey as string,
  );

export interface RouteComparison {
  /** In the manifest, not in the stack. */
  readonly missing: string[];
  /** In the stack, not in the manifest. */
  readonly unexpected: string[];
  /** Declared more than once in the stack. */
  readonly duplicated: string[];
}

/** Compares the stack's API routes with a route manifest. All three lists empty = they agree. */
export const compareRoutes = (
  template: Template,
  manifest: readonly Pick<RouteDefinition, 'method' | 'path'>[],
): RouteComparison => {
  const declared = routeKeysOf(template);
  const expected = new Set(manifest.map(routeKeyOf));
  const actual = new Set(declared);
  return {
    missing: [...expected].filter((key) => !actual.has(key)).sort(),
    unexpected: [...actual].filter((key) => !expected.has(key)).sort(),
    duplicated: declared.filter((key, index) => declared.indexOf(key) !== index).sort(),
  };
};

/**
 * For every route: the logical id of the Lambda its integration invokes
 * (Route.Target `integrations/<Ref>` → Integration.IntegrationUri `Fn::GetAtt [fn, Arn]`).
 */
export const routeFunctionIds = (template: Template): Map<string, string> => {
  const integrations = resourcesOfType(template, 'AWS::ApiGatewayV2::Integration');
  const result = new Map<string, string>();
  for (const route of Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route'))) {
    const routeKey = route.Properties?.RouteKey as string;
    const target = route.Properties?.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
    const [prefix, ref] = target['Fn::Join'][1];
    if (prefix !== 'integrations/') throw new Error(`Unexpected target of ${routeKey}`);
    const integration = integrations[ref.Ref];
    if (!integration) throw new Error(`Route ${routeKey} targets unknown integration ${ref.Ref}`);
    const uri = integration.Properties?.IntegrationUri as { 'Fn::GetAtt': [string, string] };
    result.set(routeKey, uri['Fn::GetAtt'][0]);
  }
  return result;
};

/** Logical id of each endpoint group's function in the API stack. */
export const functionIdsByGroup = (api: ApiStack): Map<string, string> =>
  new Map(
    [...api.functions].map(([group, fn]) => [
      group,
      api.getLogicalId(fn.function.node.defaultChild as CfnFunction),
    ]),
  );

export interface NagFinding {
  readonly rule: string;
  readonly severity: string;
  readonly resources: string[];
}

/** Unacknowledged AwsSolutions findings (errors and warnings) in one stack. */
export const nagFindings = (stack: Stack): NagFinding[] =>
  new AwsSolutionsChecks(undefined, { verbose: true })
    .validateScope(stack)
    .violations.map((violation) => ({
      rule: violation.ruleName,
      severity: violation.severity ?? 'unknown',
      resources: violation.violatingResources.map((resource) => resource.constructPath ?? '?'),
    }));
