import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { routes as manifestRoutes } from '#shared/contract/manifest';
import { routeKeyOf, type RouteDefinition } from '#shared/contract/route';
import { repoRoot } from './lock';

/**
 * The local API Gateway: turns a Node request into the HTTP API (payload format 2.0) event the
 * route manifest describes, invokes the group's handler in this process, and writes its answer
 * back the way API Gateway would. Behaviour copied from API Gateway on purpose: unknown routes
 * answer 404 `{"message":"Not Found"}`, a crash 500 `{"message":"Internal Server Error"}`,
 * bodies over 10 MB 413, and `cookie` is moved out of `headers` into `cookies`.
 *
 * Unlike Lambda, concurrent requests run concurrently in this one process (AWS would give each its
 * own container): races between requests are exercised, but module-level per-invocation state
 * (a logger's request context, say) is shared between them.
 */

export type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyResultV2<unknown>>;

export type LoadHandler = (group: string) => Promise<LambdaHandler>;

export interface GatewayOptions {
  /** Defaults to every route of the manifest. */
  routes?: readonly Pick<RouteDefinition, 'method' | 'path' | 'group'>[];
  /** Defaults to importing `functions/<group>/handler.ts` (its `handler` export). */
  loadHandler?: LoadHandler;
  /** One line per request: method, path, status, duration. */
  log?: boolean;
  /**
   * What `context.getRemainingTimeInMillis()` starts from (middy aborts a handler that runs out).
   * Defaults to 29 s, just under API Gateway's 30 s, rather than the deployed functions' timeout:
   * here concurrent invocations share one process and CPU, where AWS gives each its own container.
   */
  lambdaTimeoutMs?: number;
  /** API Gateway's integration time-out: after it the client gets 503. */
  integrationTimeoutMs?: number;
  /** API Gateway HTTP APIs accept at most 10 MB of payload. */
  maxBodyBytes?: number;
}

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const LAMBDA_TIMEOUT_MS = 29_000;
const INTEGRATION_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// Route matching

type Segment =
  | { kind: 'literal'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'greedy'; name: string };

export interface CompiledRoute {
  method: string;
  group: string;
  routeKey: string;
  segments: Segment[];
}

export interface RouteMatch {
  route: CompiledRoute;
  pathParameters: Record<string, string>;
}

const SEGMENT_RANK = { literal: 0, param: 1, greedy: 2 } as const;

/** Most specific first: at the first differing segment a literal beats `{param}` beats `{proxy+}`. */
const bySpecificity = (a: CompiledRoute, b: CompiledRoute): number => {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let index = 0; index < length; index += 1) {
    const difference =
      SEGMENT_RANK[a.segments[index]!.kind] - SEGMENT_RANK[b.segments[index]!.kind];
    if (difference !== 0) return difference;
  }
  return b.segments.length - a.segments.length;
};

export const compileRoutes = (
  routes: readonly Pick<RouteDefinition, 'method' | 'path' | 'group'>[],
): CompiledRoute[] =>
  routes
    .map((route) => {
      const routeKey = routeKeyOf(route);
      const template = routeKey.slice(routeKey.indexOf(' ') + 1);
      const segments = template
        .split('/')
        .slice(1)
        .map((part): Segment => {
          const greedy = /^\{(\w+)\+\}$/.exec(part);
          if (greedy) return { kind: 'greedy', name: greedy[1]! };
          const param = /^\{(\w+)\}$/.exec(part);
          return param ? { kind: 'param', name: param[1]! } : { kind: 'literal', value: part };
        });
      return { method: route.method, group: route.group, routeKey, segments };
    })
    .sort(bySpecificity);

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** `rawPath` as received (percent-encoded); parameters come back decoded, like API Gateway's. */
export const matchRoute = (
  compiled: readonly CompiledRoute[],
  method: string,
  rawPath: string,
): RouteMatch | undefined => {
  const parts = rawPath.split('/').slice(1);
  for (const route of compiled) {
    if (route.method !== method) continue;
    const pathParameters: Record<string, string> = {};
    let matched = true;
    for (let index = 0; index < route.segments.length; index += 1) {
      const segment = route.segments[index]!;
      const part = parts[index];
      if (segment.kind === 'greedy') {
        const rest = parts.slice(index).join('/');
        if (!rest) matched = false;
        else pathParameters[segment.name] = decode(rest);
        break;
      }
      if (part === undefined || part === '') {
        matched = false;
        break;
      }
      if (segment.kind === 'literal') {
        if (decode(part) !== segment.value) {
          matched = false;
          break;
        }
      } else {
        pathParameters[segment.name] = decode(part);
      }
    }
    const last = route.segments.at(-1);
    if (matched && last?.kind !== 'greedy' && parts.length !== route.segments.length)
      matched = false;
    if (matched) return { route, pathParameters };
  }
  return undefined;
};

// ---------------------------------------------------------------------------------------------
// Request → event

export interface GatewayRequest {
  method: string;
  /** Path and query as received, e.g. `/api/users/u1?x=1`. */
  url: string;
  /** Node's `rawHeaders`: name, value, name, value... (repeats kept). */
  rawHeaders: readonly string[];
  body: Buffer;
  sourceIp: string;
  protocol?: string;
  requestId?: string;
  now?: Date;
}

/** API Gateway hands these over as UTF-8 text; everything else arrives base64-encoded. */
export const isTextContentType = (contentType: string | undefined): boolean => {
  if (!contentType) return false;
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  return mime.startsWith('text/') || mime === 'application/json' || mime.endsWith('+json');
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestContext.time`: `12/Mar/2020:19:03:58 +0000`. */
export const formatRequestTime = (date: Date): string => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
};

export const buildEvent = (request: GatewayRequest, match: RouteMatch): APIGatewayProxyEventV2 => {
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : request.url.slice(queryStart + 1);

  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index]!.toLowerCase();
    const value = request.rawHeaders[index + 1]!;
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((cookie) => cookie.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  headers['x-forwarded-for'] ??= request.sourceIp;
  headers['x-forwarded-proto'] ??= 'http';

  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    queryStringParameters[name] =
      name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
  }

  const domainName = (headers.host ?? 'localhost').replace(/:\d+$/, '');
  const now = request.now ?? new Date();
  const routeKey = match.route.routeKey;
  const text = isTextContentType(headers['content-type']);
  const hasBody = request.body.length > 0;

  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: 'sandbox',
      apiId: 'sandbox',
      domainName,
      domainPrefix: domainName.split('.')[0]!,
      http: {
        method: request.method,
        path: rawPath,
        protocol: request.protocol ?? 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: request.requestId ?? randomUUID(),
      routeKey,
      stage: '$default',
      time: formatRequestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody
      ? { body: text ? request.body.toString('utf8') : request.body.toString('base64') }
      : {}),
    isBase64Encoded: hasBody && !text,
  };
};

// ---------------------------------------------------------------------------------------------
// Handler result → HTTP response

export interface HttpResponse {
  statusCode: number;
  /** Lower-case names; `set-cookie` may repeat. */
  headers: [string, string][];
  body: Buffer;
}

const json = (statusCode: number, value: unknown): HttpResponse => ({
  statusCode,
  headers: [['content-type', 'application/json']],
  body: Buffer.from(JSON.stringify(value)),
});

export const notFound = (): HttpResponse => json(404, { message: 'Not Found' });
export const internalServerError = (): HttpResponse =>
  json(500, { message: 'Internal Server Error' });
const serviceUnavailable = (): HttpResponse => json(503, { message: 'Service Unavailable' });
const payloadTooLarge = (): HttpResponse => json(413, { message: 'Request Entity Too Large' });

/** Headers API Gateway owns; a handler's values for them are dropped. */
const RESERVED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/**
 * API Gateway's rules for payload format 2.0: a result with a `statusCode` is a structured response;
 * anything else (a string, an object) is the body of a 200 with `content-type: application/json`.
 */
export const toHttpResponse = (result: unknown): HttpResponse => {
  if (typeof result === 'string') {
    return {
      statusCode: 200,
      headers: [['content-type', 'application/json']],
      body: Buffer.from(result),
    };
  }
  if (result === undefined || result === null) {
    return {
      statusCode: 200,
      headers: [['content-type', 'application/json']],
      body: Buffer.alloc(0),
    };
  }
  if (typeof result !== 'object' || !('statusCode' in result)) return json(200, result);

  const structured = result as APIGatewayProxyStructuredResultV2 & {
    multiValueHeaders?: Record<string, readonly (string | number | boolean)[]>;
  };
  const statusCode = structured.statusCode;
  if (
    typeof statusCode !== 'number' ||
    !Number.isInteger(statusCode) ||
    statusCode < 100 ||
    statusCode > 599
  ) {
    throw new Error(`The handler returned an invalid statusCode: ${JSON.stringify(statusCode)}`);
  }
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(structured.headers ?? {})) {
    if (value !== undefined && value !== null) headers.push([name.toLowerCase(), String(value)]);
  }
  for (const [name, values] of Object.entries(structured.multiValueHeaders ?? {})) {
    for (const value of values ?? []) headers.push([name.toLowerCase(), String(value)]);
  }
  for (const cookie of structured.cookies ?? []) headers.push(['set-cookie', cookie]);
  const body = structured.body ?? '';
  return {
    statusCode,
    headers: headers.filter(([name]) => !RESERVED_HEADERS.has(name)),
    body: structured.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8'),
  };
};

// ---------------------------------------------------------------------------------------------
// Lambda context and handler loading

export const createContext = (group: string, requestId: string, timeoutMs: number): Context => {
  const functionName = `sailpost-sandbox-${group}`;
  const deadline = Date.now() + timeoutMs;
  const unsupported = () => {
    throw new Error(
      'Callback-style completion (done/succeed/fail) is not supported; return a value.',
    );
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `sandbox/[$LATEST]${requestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
};

export const handlerPath = (group: string): string =>
  join(repoRoot, 'functions', group, 'handler.ts');

/** Imports `functions/<group>/handler.ts` and returns its `handler` export. */
export const importHandler: LoadHandler = async (group) => {
  const module = (await import(/* @vite-ignore */ pathToFileURL(handlerPath(group)).href)) as {
    handler?: unknown;
  };
  if (typeof module.handler !== 'function') {
    throw new Error(`functions/${group}/handler.ts does not export a "handler" function`);
  }
  return module.handler as LambdaHandler;
};

// ---------------------------------------------------------------------------------------------
// The gateway

const readBody = (request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is drained and dropped, so the client still reads the 413.
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? 'too-large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | 'timed-out'> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

const send = (response: ServerResponse, result: HttpResponse, requestId: string): void => {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of result.headers)
    grouped.set(name, [...(grouped.get(name) ?? []), value]);
  for (const [name, values] of grouped) {
    response.setHeader(name, name === 'set-cookie' ? values : values.join(','));
  }
  response.setHeader('apigw-requestid', requestId);
  response.setHeader('content-length', result.body.length);
  response.writeHead(result.statusCode);
  response.end(response.req.method === 'HEAD' ? undefined : result.body);
};

export interface Gateway {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

export const createGateway = (options: GatewayOptions = {}): Gateway => {
  const compiled = compileRoutes(options.routes ?? manifestRoutes);
  const loadHandler = options.loadHandler ?? importHandler;
  const lambdaTimeoutMs = options.lambdaTimeoutMs ?? LAMBDA_TIMEOUT_MS;
  const integrationTimeoutMs = options.integrationTimeoutMs ?? INTEGRATION_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const handlers = new Map<string, Promise<LambdaHandler>>();

  const handlerFor = (group: string): Promise<LambdaHandler> => {
    let loading = handlers.get(group);
    if (!loading) {
      loading = loadHandler(group);
      handlers.set(group, loading);
      // A failed import is retried on the next request (the file may be fixed or written meanwhile).
      loading.catch(() => handlers.delete(group));
    }
    return loading;
  };

  const invoke = async (request: GatewayRequest, match: RouteMatch): Promise<HttpResponse> => {
    const group = match.route.group;
    const event = buildEvent(request, match);
    try {
      const handler = await handlerFor(group);
      const context = createContext(group, event.requestContext.requestId, lambdaTimeoutMs);
      const result = await withTimeout(
        Promise.resolve(handler(event, context)),
        integrationTimeoutMs,
      );
      if (result === 'timed-out') {
        console.error(
          `[sandbox] ${match.route.routeKey}: no answer from the ${group} handler within ` +
            `${integrationTimeoutMs / 1000} s (API Gateway's integration time-out) → 503`,
        );
        return serviceUnavailable();
      }
      return toHttpResponse(result);
    } catch (error) {
      console.error(`[sandbox] ${match.route.routeKey} failed in the ${group} handler:`, error);
      return internalServerError();
    }
  };

  return {
    async handle(request, response) {
      const started = performance.now();
      const method = request.method ?? 'GET';
      const url = request.url ?? '/';
      const rawPath = url.split('?')[0]!;
      const requestId = randomUUID();
      let result: HttpResponse;
      try {
        const body = await readBody(request, maxBodyBytes);
        const match = matchRoute(compiled, method, rawPath);
        if (body === 'too-large') result = payloadTooLarge();
        else if (!match) result = notFound();
        else {
          const sourceIp = (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
          result = await invoke(
            {
              method,
              url,
              rawHeaders: request.rawHeaders,
              body,
              sourceIp,
              protocol: `HTTP/${request.httpVersion}`,
              requestId,
            },
            match,
          );
        }
      } catch (error) {
        console.error(`[sandbox] ${method} ${rawPath} failed in the gateway:`, error);
        result = internalServerError();
      }
      if (response.destroyed) return;
      send(response, result, requestId);
      if (options.log) {
        const ms = Math.round(performance.now() - started);
        // The path only: query strings can carry tokens (password reset links).
        console.log(`${method} ${rawPath} ${result.statusCode} ${ms} ms`);
      }
    },
  };
};
