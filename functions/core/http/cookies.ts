import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Result } from './error-response';

/**
 * Cookies on answers. Route handlers return a body (or a redirect) only; a handler that sets a
 * cookie queues it on its request's event, and the `answerCookies` middleware of the groups that
 * set cookies adds the queue to the answer — so cookies stay out of every other group's path.
 */

const pending = new WeakMap<APIGatewayProxyEventV2, string[]>();

export const queueCookie = (event: APIGatewayProxyEventV2, cookie: string): void => {
  pending.set(event, [...(pending.get(event) ?? []), cookie]);
};

/** A cookie the browser sent, by name (API Gateway hands them over as `name=value` strings). */
export const readCookie = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  const prefix = `${name}=`;
  const found = (event.cookies ?? []).find((cookie) => cookie.startsWith(prefix));
  return found?.slice(prefix.length) || undefined;
};

/** Plain http only in the sandbox: everywhere else a cookie is `Secure`. */
export const isPlainHttp = (event: APIGatewayProxyEventV2): boolean =>
  event.headers?.['x-forwarded-proto'] === 'http';

export const answerCookies = (): middy.MiddlewareObj<APIGatewayProxyEventV2, Result> => ({
  after: (request) => {
    const cookies = pending.get(request.event);
    if (!cookies?.length || !request.response) return;
    request.response = {
      ...request.response,
      cookies: [...(request.response.cookies ?? []), ...cookies],
    };
  },
});
