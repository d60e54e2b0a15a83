import * as z from 'zod';
import { routesByKey } from '#shared/contract/manifest';
import { API_PREFIX, routeKeyOf } from '#shared/contract/route';
import type { ApiRoute } from './api-route';

/** An answer whose shape the route's contract does not declare: a bug in the handler or the contract. */
export class ResponseMismatchError extends Error {
  override readonly name = 'ResponseMismatchError';
}

/**
 * Development only (the client loads this module behind `import.meta.env.DEV`): parses an answer
 * with the route's response schema and throws, naming the route, when it does not match.
 */
export const checkResponse = (route: ApiRoute, payload: unknown): void => {
  const definition = routesByKey.get(routeKeyOf(route));
  if (!definition) throw new ResponseMismatchError(`${route.key} is not a route of the contract`);
  const result = definition.response.safeParse(payload);
  if (result.success) return;
  const error = new ResponseMismatchError(
    `${route.method} ${API_PREFIX}${route.path} answered what its contract does not declare:\n${z.prettifyError(result.error)}`,
  );
  console.error(error);
  throw error;
};
