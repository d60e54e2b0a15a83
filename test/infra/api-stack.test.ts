import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUP_DECLARATIONS } from '#functions/catalogue';
import { routes } from '#shared/contract/manifest';
import {
  ENDPOINT_GROUPS,
  routeKeyOf,
  type EndpointGroup,
  type RouteDefinition,
} from '#shared/contract/route';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import {
  buildTestApp,
  compareRoutes,
  functionIdsByGroup,
  resourcesOfType,
  routeFunctionIds,
  routeKeysOf,
} from './support';

const groupsWithRoutes = ENDPOINT_GROUPS.filter((group) => routes.some((r) => r.group === group));

describe('api stack', () => {
  let built: SailpostApp;
  let api: Template;
  let prodApi: Template;

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev' });
    api = Template.fromStack(built.api);
    prodApi = Template.fromStack(buildTestApp({ stage: 'prod' }).api);
  });

  describe('functions', () => {
    it('has one function per endpoint group that has routes', () => {
      expect([...built.api.functions.keys()].sort()).toEqual([...groupsWithRoutes].sort());
      api.resourceCountIs('AWS::Lambda::Function', groupsWithRoutes.length);
    });

    it('runs every function on arm64 + nodejs22.x with tracing and its own log group', () => {
      const logGroups = resourcesOfType(api, 'AWS::Logs::LogGroup');
      for (const [id, fn] of Object.entries(resourcesOfType(api, 'AWS::Lambda::Function'))) {
        expect(fn.Properties, id).toMatchObject({
          Architectures: ['arm64'],
          Runtime: 'nodejs22.x',
          Handler: 'index.handler',
          TracingConfig: { Mode: 'Active' },
        });
        const logGroupRef = (fn.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup
          .Ref;
        expect(logGroups[logGroupRef]?.Properties?.RetentionInDays, id).toBe(30);
      }
    });

    it('keeps prod logs longer', () => {
      for (const fn of Object.values(resourcesOfType(prodApi, 'AWS::Lambda::Function'))) {
        const ref = (fn.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
        expect(
          resourcesOfType(prodApi, 'AWS::Logs::LogGroup')[ref]?.Properties?.RetentionInDays,
        ).toBe(180);
      }
    });

    it('sizes each function from its declaration: auth 1769 MB (one vCPU for scrypt), 10 s', () => {
      const ids = functionIdsByGroup(built.api);
      const functions = resourcesOfType(api, 'AWS::Lambda::Function');
      for (const [group, id] of ids) {
        const declaration = ENDPOINT_GROUP_DECLARATIONS[group as EndpointGroup];
        expect(functions[id]?.Properties?.MemorySize, group).toBe(declaration.memoryMb ?? 512);
        expect(functions[id]?.Properties?.Timeout, group).toBe(declaration.timeoutSeconds ?? 10);
      }
      expect(functions[ids.get('auth') ?? '']?.Properties?.MemorySize).toBe(1769);
    });

    it('takes EMAIL_FROM from context for the functions that send email', () => {
      const custom = buildTestApp({ stage: 'dev', emailFrom: 'Test <t@example.com>' });
      const functions = resourcesOfType(Template.fromStack(custom.api), 'AWS::Lambda::Function');
      const auth = functions[functionIdsByGroup(custom.api).get('auth') ?? ''];
      expect(
        (auth?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables
          .EMAIL_FROM,
      ).toBe('Test <t@example.com>');
    });
  });

  describe('the OpenAI key', () => {
    it('is referred to nowhere when the stage has none (the offline drafter runs)', () => {
      expect(JSON.stringify(api.toJSON()).toLowerCase()).not.toContain('openai');
    });
  });

  describe('permissions', () => {
    const statementsOf = (template: Template, roleId: string) => {
      const policy = Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).find(
        (candidate) =>
          (candidate.Properties?.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
      );
      return (policy?.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] })
        .Statement;
    };
    const roleIdOf = (group: string) => {
      const fnId = functionIdsByGroup(built.api).get(group) ?? '';
      const fn = resourcesOfType(api, 'AWS::Lambda::Function')[fnId];
      return (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    };
    const actionsOf = (statements: Record<string, unknown>[]) =>
      statements.flatMap((statement) => [statement.Action].flat() as string[]);

    it('uses no managed policies (each role writes to its own log group only)', () => {
      for (const [id, role] of Object.entries(resourcesOfType(api, 'AWS::IAM::Role'))) {
        expect(role.Properties?.ManagedPolicyArns, id).toBeUndefined();
      }
    });

    it('never grants Scan, DescribeTable or table administration', () => {
      for (const group of groupsWithRoutes) {
        const actions = actionsOf(statementsOf(api, roleIdOf(group)));
        expect(
          actions.filter((action) =>
            /^dynamodb:(Scan|Describe|\*|Create|Delete(Table|Backup)|Update(Table|TimeToLive))/.test(
              action,
            ),
          ),
          group,
        ).toEqual([]);
      }
    });

    it('lets only auth, billing and support send email, only auth text, and only auth, platforms, billing and support read the app-url parameter', () => {
      for (const group of groupsWithRoutes) {
        const statements = statementsOf(api, roleIdOf(group));
        const actions = actionsOf(statements);
        if (group === 'platforms') {
          // Its OAuth redirect URI and the callbacks' way back to the app are under the app's URL.
          expect(actions.filter((action) => /^(ses|ssm|sns|sms-voice):/.test(action))).toEqual([
            'ssm:GetParameter',
          ]);
          const ssm = statements.find((statement) => statement.Action === 'ssm:GetParameter');
          expect(JSON.stringify(ssm?.Resource)).toContain(':parameter/sailpost/dev/app-url');
        } else if (group === 'billing' || group === 'support') {
          // A failed payment emails the owner a link to the company; checkout's return URLs.
          // A staff reply emails the owner a link to the ticket; a new ticket, the support team.
          expect(
            actions.filter((action) => /^(ses|ssm|sns|sms-voice):/.test(action)).sort(),
          ).toEqual(['ses:SendEmail', 'ses:SendRawEmail', 'ssm:GetParameter']);
        } else if (group === 'auth') {
          expect(actions).toEqual(
            expect.arrayContaining([
              'ses:SendEmail',
              'ses:SendRawEmail',
              'ssm:GetParameter',
              'sms-voice:SendTextMessage',
              'sms-voice:DeleteOptedOutNumber',
            ]),
          );
          expect(actions.filter((action) => action.startsWith('sns:'))).toEqual([]);
          const ssm = statements.find((statement) => statement.Action === 'ssm:GetParameter');
          expect(JSON.stringify(ssm?.Resource)).toContain(':parameter/sailpost/dev/app-url');
        } else {
          expect(
            actions.filter((action) => /^(ses|ssm|sns|sms-voice):/.test(action)),
            group,
          ).toEqual([]);
        }
      }
    });
  });

  describe('routes', () => {
    it('declares exactly one route per manifest entry', () => {
      expect(compareRoutes(api, routes)).toEqual({ missing: [], unexpected: [], duplicated: [] });
      expect(new Set(routeKeysOf(api))).toEqual(new Set(routes.map(routeKeyOf)));
      api.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length);
    });

    it("wires every route to its group's function", () => {
      const targets = routeFunctionIds(api);
      const ids = functionIdsByGroup(built.api);
      for (const route of routes) {
        expect(targets.get(routeKeyOf(route)), routeKeyOf(route)).toBe(ids.get(route.group));
      }
    });

    it('leaves authorisation to the Lambdas (no API Gateway authorizer)', () => {
      api.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
      for (const route of Object.values(resourcesOfType(api, 'AWS::ApiGatewayV2::Route'))) {
        expect([undefined, 'NONE']).toContain(route.Properties?.AuthorizationType);
      }
    });

    it('serves the $default stage with access logs and default throttling', () => {
      api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: {
          DestinationArn: Match.anyValue(),
          Format: Match.stringLikeRegexp('\\$context\\.requestId'),
        },
        DefaultRouteSettings: { ThrottlingBurstLimit: 100, ThrottlingRateLimit: 50 },
      });
    });
  });

  describe('when the manifest and the stack disagree', () => {
    const extra: RouteDefinition = {
      ...routes[0]!,
      method: 'GET',
      path: '/extra/probe',
      group: 'meta',
    };

    it('reports a route the stack has but the manifest does not', () => {
      const drifted = Template.fromStack(
        buildTestApp({ stage: 'dev' }, { routes: [...routes, extra] }).api,
      );
      expect(compareRoutes(drifted, routes)).toEqual({
        missing: [],
        unexpected: ['GET /api/extra/probe'],
        duplicated: [],
      });
    });

    it('reports a manifest entry the stack lacks', () => {
      expect(compareRoutes(api, [...routes, extra])).toEqual({
        missing: ['GET /api/extra/probe'],
        unexpected: [],
        duplicated: [],
      });
    });

    it('creates no function for a group without routes', () => {
      const withoutMeta = buildTestApp(
        { stage: 'dev' },
        { routes: routes.filter((route) => route.group !== 'meta') },
      );
      expect(withoutMeta.api.functions.has('meta')).toBe(false);
      Template.fromStack(withoutMeta.api).resourceCountIs(
        'AWS::Lambda::Function',
        groupsWithRoutes.length - 1,
      );
    });
  });

  describe('edge hardening', () => {
    const stageOf = (template: Template) =>
      Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage'))[0]!;

    it('throttles the routes that guess passwords and codes or send messages, per route', () => {
      const settings = stageOf(api).Properties?.RouteSettings as Record<
        string,
        { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
      >;
      const authRoutes = routes.filter((route) => route.group === 'auth').map(routeKeyOf);
      for (const key of [
        'POST /api/auth/login',
        'POST /api/auth/register',
        'POST /api/auth/forgot-password',
        'POST /api/auth/2fa/enable',
        'POST /api/auth/2fa/verify',
      ]) {
        expect(authRoutes, key).toContain(key);
        expect(settings[key], key).toBeDefined();
      }
      expect(settings['POST /api/auth/login']).toEqual({
        ThrottlingRateLimit: 5,
        ThrottlingBurstLimit: 10,
      });
      // Every throttled key is a route of the stack, and the stack's default stays the ceiling.
      for (const key of Object.keys(settings)) expect(routeKeysOf(api)).toContain(key);
      expect(settings['GET /api/auth/me']).toBeUndefined();
      expect(stageOf(api).Properties?.DefaultRouteSettings).toMatchObject({
        ThrottlingRateLimit: 50,
      });
      expect(
        (stageOf(prodApi).Properties?.RouteSettings as Record<string, unknown>)[
          'POST /api/auth/login'
        ],
      ).toEqual({ ThrottlingRateLimit: 25, ThrottlingBurstLimit: 50 });
      // The stage is updated after the routes its settings name exist.
      const stageId = Object.keys(resourcesOfType(api, 'AWS::ApiGatewayV2::Stage'))[0]!;
      const dependsOn = (api.toJSON() as { Resources: Record<string, { DependsOn?: string[] }> })
        .Resources[stageId]?.DependsOn;
      expect(dependsOn?.length).toBeGreaterThanOrEqual(routes.length);
    });

    it('reserves concurrency for the auth function only', () => {
      const ids = functionIdsByGroup(built.api);
      const functions = resourcesOfType(api, 'AWS::Lambda::Function');
      for (const [group, id] of ids) {
        expect(functions[id]?.Properties?.ReservedConcurrentExecutions, group).toBe(
          group === 'auth' ? 50 : undefined,
        );
      }
    });

    it('refuses to build an endpoint group that does not check the CloudFront origin', () => {
      const meta = ENDPOINT_GROUP_DECLARATIONS.meta as { bindings: { secrets?: unknown } };
      const declared = meta.bindings.secrets;
      meta.bindings.secrets = [];
      try {
        expect(() => buildTestApp({ stage: 'dev' })).toThrow(
          /meta endpoints do not declare the originKey/,
        );
      } finally {
        meta.bindings.secrets = declared;
      }
    });
  });
});
