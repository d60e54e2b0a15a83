import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ERROR_STATUS, type ErrorBody } from '#shared/contract/errors';
import { DomainError, RateLimited } from '../errors';
import { logger } from '../logger';

export type Result = APIGatewayProxyStructuredResultV2;

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

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

/**
 * A redirect (OAuth callbacks send the browser back to the app): no body, never cached, and no
 * referrer, so the query the browser arrived with (a code, a state) is not passed on.
 */
export const redirectResponse = (statusCode: number, location: string): Result => ({
  statusCode,
  headers: {
    location,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  },
});

const errorBody = (error: DomainError): ErrorBody => {
  const statusCode = ERROR_STATUS[error.code];
  return {
    statusCode,
    code: error.code,
    message: error.message,
    error: REASONS[statusCode] ?? 'Error',
    ...(error.fields ? { fields: error.fields } : {}),
  };
};

/**
 * The one mapping from errors to answers: a domain error answers `{ statusCode, code, message,
 * error, fields? }` with the status its code has (and `retry-after` when rate limited); anything
 * else is a bug or an outage and answers a bare 500 that tells the caller nothing.
 */
export const errorResponse = (error: unknown): Result => {
  if (error instanceof DomainError) {
    const body = errorBody(error);
    if (body.statusCode >= 500) logger.error('Request failed', error);
    const headers =
      error instanceof RateLimited
        ? { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) }
        : undefined;
    return jsonResponse(body.statusCode, body, headers);
  }
  logger.error('Unhandled error', error as Error);
  return jsonResponse(500, {
    statusCode: 500,
    code: 'INTERNAL_ERROR',
    message: 'Internal server error',
    error: 'Internal Server Error',
  } satisfies ErrorBody);
};
