import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import {
  isRedirectRoute,
  routeKeyOf,
  type ParamsOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type RedirectStatus,
  type ResponseOf,
  type RouteDefinition,
} from '#shared/contract/route';
import type { Caller } from '../auth/authenticate';
import { acceptedCorrelationId, CORRELATION_HEADER, withCorrelationId } from '../correlation';
import { logger } from '../logger';
import { jsonResponse, redirectResponse, type Result } from './error-response';
import {
  authenticateCaller,
  httpErrorHandler,
  resolveRoute,
  validateInput,
  type RouteContext,
} from './middlewares';
import { requireCloudFrontOrigin } from './origin-guard';

interface RouteRequest<R extends RouteDefinition> {
  body: ParsedBodyOf<R>;
  query: ParsedQueryOf<R>;
  /** The path's parameters, named by the route's template (`{companyId}` → `params.companyId`). */
  params: ParamsOf<R['path']>;
  /** The signed-in caller; null only on public routes. */
  caller: R['access'] extends 'public' ? Caller | null : Caller;
  event: APIGatewayProxyEventV2;
}

/** What the handler of a redirect route returns: where to send the browser (an absolute URL). */
export interface Redirect {
  readonly location: string;
}

/** A route's handler returns its response body, or, for a redirect route, the redirect. */
type RouteResult<R extends RouteDefinition> = R['successStatus'] extends RedirectStatus
  ? Redirect
  : ResponseOf<R>;

type RouteHandler<R extends RouteDefinition> = (
  request: RouteRequest<R>,
) => Promise<RouteResult<R>>;

type GroupHandlers<G extends Record<string, RouteDefinition>> = {
  [K in keyof G]: RouteHandler<G[K]>;
};

/**
 * One Lambda per endpoint group. The middy stack resolves the route from `event.routeKey`,
 * authenticates, parses and validates with the contract's schemas, and maps errors; the route's
 * handler receives typed input and returns the typed response body.
 */
export const createGroupHandler = <G extends Record<string, RouteDefinition>>(
  routes: G,
  handlers: GroupHandlers<G>,
) => {
  const byKey = new Map<string, RouteDefinition>();
  const handlerByKey = new Map<string, RouteHandler<RouteDefinition>>();
  for (const [name, route] of Object.entries(routes)) {
    byKey.set(routeKeyOf(route), route);
    handlerByKey.set(
      routeKeyOf(route),
      handlers[name as keyof G] as unknown as RouteHandler<RouteDefinition>,
    );
  }

  const handler = middy<APIGatewayProxyEventV2, Result, Error, RouteContext>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(httpErrorHandler())
    // Before anything else reads the request: only CloudFront's requests reach a deployed API.
    .use(requireCloudFrontOrigin())
    .use(resolveRoute(byKey))
    .use(authenticateCaller())
    .use(validateInput())
    .handler(async (event, context) => {
      const { route, caller, body, query } = context;
      const handle = handlerByKey.get(routeKeyOf(route))!;
      const result = await handle({
        body,
        query,
        // API Gateway fills every parameter of the matched route's template.
        params: event.pathParameters ?? {},
        caller,
        event,
      } as RouteRequest<RouteDefinition>);
      if (isRedirectRoute(route)) {
        return redirectResponse(route.successStatus!, (result as Redirect).location);
      }
      return jsonResponse(route.successStatus ?? 200, result);
    });

  return correlatedEntry(handler, [...byKey.keys()]);
};

type MiddyHandler = middy.MiddyfiedHandler<APIGatewayProxyEventV2, Result, Error, RouteContext>;

/** A group's Lambda entry: the middy stack, run under the request's correlation id. */
export interface GroupEntry {
  (event: APIGatewayProxyEventV2, context: Context): Promise<Result>;
  readonly routeKeys: string[];
  /** Adds a middleware to the stack (as middy's `use`), still under the correlation id. */
  use(middleware: middy.MiddlewareObj<APIGatewayProxyEventV2, Result>): GroupEntry;
}

/**
 * Outside the middy stack, so that every line of the request, its middlewares' and errors'
 * included, carries the id; the answer names it (for a support request to quote).
 */
const correlatedEntry = (handler: MiddyHandler, routeKeys: string[]): GroupEntry => {
  const entry = (event: APIGatewayProxyEventV2, context: Context) => {
    const correlationId = requestCorrelationId(event);
    return withCorrelationId(correlationId, async () => {
      const result = await handler(event, context as RouteContext);
      return { ...result, headers: { ...result.headers, [CORRELATION_HEADER]: correlationId } };
    });
  };
  return Object.assign(entry, {
    routeKeys,
    use: (middleware: middy.MiddlewareObj<APIGatewayProxyEventV2, Result>) =>
      correlatedEntry(
        handler.use(
          middleware as middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, RouteContext>,
        ),
        routeKeys,
      ),
  });
};

/**
 * The caller's own id when it sends an acceptable one (the web app, a test, a support tool tying
 * its steps together), else API Gateway's request id, which every request has. The request id is
 * logged beside it anyway (`requestId`).
 */
const requestCorrelationId = (event: APIGatewayProxyEventV2): string =>
  acceptedCorrelationId(event.headers?.[CORRELATION_HEADER]) ??
  acceptedCorrelationId(event.requestContext?.requestId) ??
  crypto.randomUUID();
