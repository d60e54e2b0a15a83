import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
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

  return Object.assign(handler, { routeKeys: [...byKey.keys()] });
};
