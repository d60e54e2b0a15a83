import type middy from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { RouteDefinition } from '#shared/contract/route';
import { authenticate, type Caller } from '../auth/authenticate';
import { logger } from '../logger';
import { HttpError, NotFoundError, reasonPhrase } from './errors';
import { parseInput, parseJsonBody } from './validation';

export type Result = APIGatewayProxyStructuredResultV2;

/** What the middlewares learn about a request, handed to the route handler on the Lambda context. */
export interface RouteContext extends Context {
  route: RouteDefinition;
  caller: Caller | null;
  body: unknown;
  query: unknown;
}

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, RouteContext>;

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export const jsonResponse = (
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): Result => ({
  statusCode,
  headers: { ...BASE_HEADERS, ...headers },
  body: JSON.stringify(body),
});

/** Maps typed errors to `{ statusCode, message, error, fields? }`; anything unexpected is a bare 500. */
export const errorResponse = (error: unknown): Result => {
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) logger.error('Request failed', error);
    return jsonResponse(
      error.statusCode,
      {
        statusCode: error.statusCode,
        message: error.message,
        error: reasonPhrase(error.statusCode),
        ...(error.fields ? { fields: error.fields } : {}),
      },
      error.headers,
    );
  }
  logger.error('Unhandled error', error as Error);
  return jsonResponse(500, {
    statusCode: 500,
    message: 'Internal server error',
    error: reasonPhrase(500),
  });
};

/** Finds the contract entry for `event.routeKey`. */
export const resolveRoute = (routes: ReadonlyMap<string, RouteDefinition>): Middleware => ({
  before: (request) => {
    const route = routes.get(request.event.routeKey);
    if (!route) throw new NotFoundError('Not Found');
    request.context.route = route;
    logger.appendKeys({
      requestId: request.event.requestContext?.requestId,
      routeKey: request.event.routeKey,
    });
  },
});

/** Bearer token (jose, HS256 only) on every non-public route; the caller's user is loaded once here. */
export const authenticateCaller = (): Middleware => ({
  before: async (request) => {
    const { route } = request.context;
    request.context.caller =
      route.access === 'public'
        ? null
        : await authenticate(request.event.headers?.authorization, route.access);
    if (request.context.caller) logger.appendKeys({ userId: request.context.caller.userId });
  },
});

/** Parses the JSON body and validates body and query with the route's zod schemas. */
export const validateInput = (): Middleware => ({
  before: (request) => {
    const { route } = request.context;
    const { event } = request;
    request.context.body = route.body
      ? parseInput(route.body, parseJsonBody(event.body, event.isBase64Encoded))
      : undefined;
    request.context.query = route.query
      ? parseInput(route.query, event.queryStringParameters ?? {})
      : undefined;
  },
});

/** The one error handler: every failure leaves as `{ statusCode, message, error }`. */
export const httpErrorHandler = (): Middleware => ({
  onError: (request) => {
    request.response = errorResponse(request.error);
  },
});
