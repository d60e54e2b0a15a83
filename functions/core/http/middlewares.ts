import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { RouteDefinition } from '#shared/contract/route';
import { routeErrorCodes } from '#shared/contract/route-errors';
import type { Caller } from '../auth/authenticate';
import { DomainError, NotFound } from '../errors';
import { logger } from '../logger';
import { errorResponse, type Result } from './error-response';
import { checkPathIds, maxJsonBodyBytesOf, parseInput, parseJsonBody } from './validation';

/** What the middlewares learn about a request, handed to the route handler on the Lambda context. */
export interface RouteContext extends Context {
  route: RouteDefinition;
  caller: Caller | null;
  body: unknown;
  query: unknown;
}

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, RouteContext>;

/** Finds the contract entry for `event.routeKey`. */
export const resolveRoute = (routes: ReadonlyMap<string, RouteDefinition>): Middleware => ({
  before: (request) => {
    const route = routes.get(request.event.routeKey);
    if (!route) throw new NotFound('NOT_FOUND', 'Not Found');
    request.context.route = route;
    logger.appendKeys({
      requestId: request.event.requestContext?.requestId,
      routeKey: request.event.routeKey,
    });
  },
});

/**
 * Bearer token (jose, HS256 only) on every non-public route; the caller's user is loaded once here.
 * Authentication (and with it the token key and DynamoDB) is loaded only when a route needs it, so
 * a group of public routes starts without either.
 */
export const authenticateCaller = (): Middleware => ({
  before: async (request) => {
    const { route } = request.context;
    if (route.access === 'public') {
      request.context.caller = null;
      return;
    }
    const { authenticate } = await import('../auth/authenticate');
    const caller = await authenticate(request.event.headers?.authorization, route.access);
    request.context.caller = caller;
    logger.appendKeys({ userId: caller.userId });
  },
});

/**
 * Checks the path ids, parses the JSON body and validates body and query with the route's zod
 * schemas. Runs after authentication, so a caller without a session learns nothing about ids.
 */
export const validateInput = (): Middleware => ({
  before: (request) => {
    const { route } = request.context;
    const { event } = request;
    checkPathIds(route, event.pathParameters);
    request.context.body = route.body
      ? parseInput(
          route.body,
          parseJsonBody(
            event.body,
            event.isBase64Encoded,
            event.headers?.['content-type'],
            maxJsonBodyBytesOf(route),
          ),
        )
      : undefined;
    request.context.query = route.query
      ? parseInput(route.query, event.queryStringParameters ?? {})
      : undefined;
  },
});

/**
 * The one error handler: every failure leaves through `errorResponse`. A code the route does not
 * declare still answers, but is logged: the contract (and the OpenAPI document) must learn it.
 */
export const httpErrorHandler = (): Middleware => ({
  onError: (request) => {
    const { error } = request;
    const { route } = request.context;
    if (error instanceof DomainError && route && !routeErrorCodes(route).includes(error.code)) {
      logger.warn('Error code not declared by the route', { code: error.code });
    }
    request.response = errorResponse(error);
  },
});
