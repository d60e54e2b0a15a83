import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Environment } from '#functions/core/environment';
import { buildEvent } from '#infra/sandbox/gateway-event';
import { compileRoutes, matchRoute } from '#infra/sandbox/gateway-routes';
import { createContext } from '#infra/sandbox/lambda-context';
import { S3_DUMMY_KEY } from '#infra/sandbox/s3';
import { contract, routes } from '#shared/contract/manifest';
import {
  API_PREFIX,
  fillPath,
  type BodyOf,
  type EndpointGroup,
  type ParamsOf,
  type RouteDefinition,
} from '#shared/contract/route';
import { bundleAllGroups } from '../bundle-functions';
import { BUDGETS } from './budgets';
import { lambdaLikeEnvironment } from './module-init';
import { callSandboxApi } from './sandbox-api';
import { startBenchSandbox } from './sandbox-child';
import { spreadOf, type Spread } from './stats';
import { failedRow, judgedRow, type Row } from './table';

const run = promisify(execFile);

/** What a group's typical requests need: a signed-in owner with a company and a campaign. */
export interface Fixture {
  token: string;
  companyId: string;
  campaignId: string;
}

export interface TypicalRequest {
  route: RouteDefinition;
  /** The path as the browser asks it, without `/api`. */
  path: string;
  body?: unknown;
}

const typical = <R extends RouteDefinition>(
  route: R,
  params: ParamsOf<R['path']>,
  ...[body]: BodyOf<R> extends undefined ? [] : [body: BodyOf<R>]
): TypicalRequest => ({
  route,
  path: fillPath(route.path as string, params as never),
  ...(body === undefined ? {} : { body }),
});

/**
 * The request a person typically makes first of each group, signed in: a read where the group
 * has one. `users`, `media` and `billing` have no signed-in read: `users` answers the home
 * page's count of accounts, `media` the presigned upload that **Add Media** asks for (it writes
 * nothing), `billing` the checkout **Choose Plan** starts (against the sandbox's Stripe
 * stand-in). Every group must name one, so a new group is measured too.
 */
export const TYPICAL_REQUESTS: {
  readonly [G in EndpointGroup]: (fixture: Fixture) => TypicalRequest;
} = {
  auth: () => typical(contract.auth.me, {}),
  users: () => typical(contract.users.countTotal, {}),
  companies: ({ companyId }) => typical(contract.companies.get, { id: companyId }),
  platforms: ({ companyId }) => typical(contract.platforms.listCredentials, { companyId }),
  campaigns: ({ companyId }) => typical(contract.campaigns.listForCompany, { companyId }),
  media: ({ campaignId }) =>
    typical(
      contract.media.createUpload,
      { campaignId },
      { fileName: 'menu.jpg', contentType: 'image/jpeg', size: 250_000 },
    ),
  ai: ({ companyId }) => typical(contract.ai.campaignHistory, { companyId }),
  content: ({ campaignId }) => typical(contract.content.list, { campaignId }),
  billing: ({ companyId }) =>
    typical(contract.billing.createCheckoutSession, {}, { companyId, tier: 'silver' }),
  meta: () => typical(contract.meta.config, {}),
  // The fixture's account is the fresh sandbox's first, so a founder: the forum is open to it.
  forum: () => typical(contract.forum.listCategories, {}),
  support: () => typical(contract.support.listTickets, {}),
  performance: ({ companyId }) => typical(contract.performance.summary, { companyId }),
};

const compiledRoutes = compileRoutes(routes);

/** The API Gateway event of a typical request, as the sandbox's gateway builds it. */
export const eventOf = (request: TypicalRequest, token: string): APIGatewayProxyEventV2 => {
  const url = `${API_PREFIX}${request.path}`;
  const match = matchRoute(compiledRoutes, request.route.method, url);
  if (!match) throw new Error(`No route answers ${request.route.method} ${url}`);
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const headers = {
    host: 'localhost',
    'user-agent': 'sailpost-bench',
    ...(request.route.access === 'public' ? {} : { authorization: `Bearer ${token}` }),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  return buildEvent(
    {
      method: request.route.method,
      url,
      rawHeaders: Object.entries(headers).flat(),
      body: Buffer.from(body),
      sourceIp: '127.0.0.1',
    },
    match,
  );
};

const MARK = 'cold-first-request:';

/**
 * Evaluated by a fresh `node` for each sample, as a Lambda cold start goes: import the bundle
 * (init), then hand it one event (the first request); both timed from the start of the import,
 * so the second is what the person who sent the request waits for beyond Node's own start. The
 * function's log lines go to stdout as in Lambda; the result is the line after MARK.
 */
const SERVE_FIRST_REQUEST = `
const [bundle, eventText, contextText] = process.argv.slice(1);
const event = JSON.parse(eventText);
const { timeoutMs, ...context } = JSON.parse(contextText);
const started = performance.now();
const { handler } = await import(bundle);
const imported = performance.now();
const deadline = Date.now() + timeoutMs;
const result = await handler(event, {
  ...context,
  getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
});
const answered = performance.now();
process.stdout.write('\\n${MARK}' + JSON.stringify({
  initMs: imported - started,
  firstRequestMs: answered - started,
  statusCode: result?.statusCode,
  body: String(result?.body ?? '').slice(0, 300),
}) + '\\n');
process.exit(0);
`;

export interface ColdSample {
  /** From the start of the import to its end. */
  initMs: number;
  /** From the start of the import to the handler's answer to the first request. */
  firstRequestMs: number;
}

export interface ColdBundle {
  group: EndpointGroup;
  /** The built bundle (`dist/functions/<group>/index.mjs`). */
  file: string;
  /** What the function's environment holds besides what Lambda sets (its bindings' values). */
  environment: Environment;
}

const LAMBDA_TIMEOUT_MS = 29_000;

/** One fresh process: import the bundle, serve the event; refuses an answer other than success. */
export const timeColdFirstRequest = async (
  bundle: ColdBundle,
  request: TypicalRequest,
  event: APIGatewayProxyEventV2,
): Promise<ColdSample> => {
  const context = createContext(bundle.group, event.requestContext.requestId, LAMBDA_TIMEOUT_MS);
  const { stdout } = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      SERVE_FIRST_REQUEST,
      pathToFileURL(bundle.file).href,
      JSON.stringify(event),
      JSON.stringify({ ...context, timeoutMs: LAMBDA_TIMEOUT_MS }),
    ],
    {
      env: {
        ...lambdaLikeEnvironment(bundle.group),
        // Lambda hands every function its role's keys; these are the ones the sandbox's S3 takes.
        AWS_ACCESS_KEY_ID: S3_DUMMY_KEY,
        AWS_SECRET_ACCESS_KEY: S3_DUMMY_KEY,
        ...bundle.environment,
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const line = stdout
    .split('\n')
    .findLast((text) => text.startsWith(MARK))
    ?.slice(MARK.length);
  if (!line) throw new Error(`No result in its output: ${stdout.slice(-300)}`);
  const result = JSON.parse(line) as ColdSample & { statusCode?: number; body: string };
  const expected = request.route.successStatus ?? 200;
  if (result.statusCode !== expected) {
    throw new Error(
      `${request.route.method} ${request.path} answered ${result.statusCode} (not ${expected}): ${result.body}`,
    );
  }
  return { initMs: result.initMs, firstRequestMs: result.firstRequestMs };
};

/** An owner with a company and a campaign, made through the API. */
export const prepareFixture = async (url: string): Promise<Fixture> => {
  const { access_token: token } = await callSandboxApi<{ access_token: string }>(
    url,
    'POST',
    '/auth/register',
    {
      body: {
        email: 'cold-start@example.com',
        password: 'benchmark-password',
        firstName: 'Cold',
        lastName: 'Start',
        phoneNumber: '(555) 010-0002',
      },
    },
  );
  const { _id: companyId } = await callSandboxApi<{ _id: string }>(url, 'POST', '/companies', {
    token,
    body: { name: 'Cold Start Coffee', timeZone: 'America/Chicago' },
  });
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { _id: campaignId } = await callSandboxApi<{ _id: string }>(url, 'POST', '/campaigns', {
    token,
    body: { company: companyId, name: 'Autumn menu', startDate: day(0), endDate: day(30) },
  });
  return { token, companyId, campaignId };
};

export interface ColdResult {
  request: TypicalRequest;
  init: Spread;
  firstRequest: Spread;
}

export type ColdResults = Map<EndpointGroup, ColdResult | Error>;

/**
 * `runs` samples per bundle, one process at a time, the bundles taking turns (as module-init.ts
 * does) so that a burst of load from elsewhere spreads over all of them. A first round is not
 * counted: it warms DynamoDB Local's JIT and the disk cache, where Lambda's DynamoDB is always warm.
 */
export const measureColdBundles = async (
  bundles: readonly ColdBundle[],
  fixture: Fixture,
  runs: number,
): Promise<ColdResults> => {
  const samples = new Map(bundles.map(({ group }) => [group, [] as ColdSample[]]));
  const failures = new Map<EndpointGroup, Error>();
  for (let round = 0; round <= runs; round += 1) {
    for (const bundle of bundles) {
      if (failures.has(bundle.group)) continue;
      const request = TYPICAL_REQUESTS[bundle.group](fixture);
      try {
        const sample = await timeColdFirstRequest(bundle, request, eventOf(request, fixture.token));
        if (round > 0) samples.get(bundle.group)!.push(sample);
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr ?? '';
        const thrown = stderr.split('\n').find((line) => /^\w*Error\b/.test(line));
        failures.set(bundle.group, thrown ? new Error(thrown) : (error as Error));
      }
    }
  }
  const results: ColdResults = new Map();
  for (const { group } of bundles) {
    const taken = samples.get(group)!;
    results.set(
      group,
      failures.get(group) ?? {
        request: TYPICAL_REQUESTS[group](fixture),
        init: spreadOf(taken.map((sample) => sample.initMs)),
        firstRequest: spreadOf(taken.map((sample) => sample.firstRequestMs)),
      },
    );
  }
  return results;
};

const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * Builds every endpoint group's bundle as `npm run build:functions` does, starts a sandbox of its
 * own (DynamoDB Local, and the stand-ins the typical requests reach), makes the fixture through
 * the API, then measures each group's cold first request: the budget is judged on the median.
 */
export const measureColdFirstRequests = async (runs: number): Promise<Row[]> => {
  const section = `Cold first request (median of ${runs})`;
  const built = await bundleAllGroups();
  console.log('Cold first request: starting a sandbox in its own process…');
  const sandbox = await startBenchSandbox('none');
  try {
    const fixture = await prepareFixture(sandbox.url);
    console.log(
      `Cold first request: ${runs} fresh node processes per group (one more to warm up), each ` +
        `importing its bundle and serving one typical request…`,
    );
    const bundles = built.map(({ group, outfile }) => ({
      group,
      file: outfile,
      environment: sandbox.environments[group] ?? {},
    }));
    const results = await measureColdBundles(bundles, fixture, runs);
    return bundles.map(({ group }) => {
      const result = results.get(group)!;
      if (result instanceof Error) return failedRow(section, group, result);
      const { request, init, firstRequest } = result;
      return judgedRow(
        section,
        `${group}: ${request.route.method} ${request.route.path}`,
        firstRequest.median,
        BUDGETS.coldFirstRequestMs,
        ms,
        `(init ${ms(init.median)}; min ${ms(firstRequest.min)}, max ${ms(firstRequest.max)})`,
      );
    });
  } finally {
    await sandbox.stop();
  }
};
