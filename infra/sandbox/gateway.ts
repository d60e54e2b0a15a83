import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { withEnvironment, type Environment } from '#functions/core/environment';
import { VIEWER_ADDRESS_HEADER } from '#functions/core/http/client-address';
import { routes as manifestRoutes } from '#shared/contract/manifest';
import { API_PREFIX, type RouteDefinition } from '#shared/contract/route';
import { buildEvent, type GatewayRequest } from './gateway-event';
import {
  internalServerError,
  notFound,
  payloadTooLarge,
  sendHttpResponse,
  serviceUnavailable,
  toHttpResponse,
  type HttpResponse,
} from './gateway-response';
import { compileRoutes, matchRoute, type RouteMatch } from './gateway-routes';
import { readBodyWithin } from './responses';
import { createContext } from './lambda-context';
import { repoRoot } from './lock';
import type { Service } from './service';

/**
 * The local API Gateway: turns a Node request into the HTTP API (payload format 2.0) event the
 * route manifest describes, invokes the group's handler in this process inside the environment
 * its declaration names, and writes its answer back the way API Gateway would. Behaviour copied
 * from API Gateway on purpose: unknown routes answer 404 `{"message":"Not Found"}`, a crash 500
 * `{"message":"Internal Server Error"}`, bodies over 10 MB 413, and `cookie` is moved out of
 * `headers` into `cookies`.
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
  /**
   * The environment each group's handler runs in (`currentEnvironment()` inside it). Without it
   * handlers read `process.env`, as the gateway's own unit tests do.
   */
  environmentOf?: (group: string) => Environment;
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
  /**
   * Browser tests only: the client's address is the request's own `x-viewer-address` (each
   * browser context plays its own visitor, where Chromium cannot pick its source address as the
   * API tests do). Otherwise, as CloudFront does, it is the connection's and a sent one is ignored.
   */
  viewerAddressFromRequest?: boolean;
}

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const LAMBDA_TIMEOUT_MS = 29_000;
const INTEGRATION_TIMEOUT_MS = 30_000;

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

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | 'timed-out'> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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
  const inEnvironmentOf = <T>(group: string, run: () => T): T =>
    options.environmentOf ? withEnvironment(options.environmentOf(group), run) : run();

  const handlerFor = (group: string): Promise<LambdaHandler> => {
    let loading = handlers.get(group);
    if (!loading) {
      loading = inEnvironmentOf(group, () => loadHandler(group));
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
        inEnvironmentOf(group, () => Promise.resolve(handler(event, context))),
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
        const body = await readBodyWithin(request, maxBodyBytes);
        const match = matchRoute(compiled, method, rawPath);
        if (body === null) result = payloadTooLarge();
        else if (!match) result = notFound();
        else {
          const sent = request.headers[VIEWER_ADDRESS_HEADER];
          const sourceIp =
            options.viewerAddressFromRequest && typeof sent === 'string' && sent
              ? sent
              : (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
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
      sendHttpResponse(response, result, requestId);
      if (options.log) {
        const ms = Math.round(performance.now() - started);
        // The path only: query strings can carry tokens (password reset links).
        console.log(`${method} ${rawPath} ${result.statusCode} ${ms} ms`);
      }
    },
  };
};

/** The gateway as a sandbox service: everything under `/api`. */
export const startGateway = (options: GatewayOptions): Service => {
  const gateway = createGateway(options);
  return {
    routes: [{ prefix: API_PREFIX, name: 'the gateway', handle: gateway.handle }],
    stop: () => undefined,
  };
};
