import type { ErrorCode } from './errors';
import { PATH_ID_OWNERS, type RouteDefinition } from './route';

/**
 * Every code a route can answer with: the domain codes it declares and the ones that follow from
 * its shape — a body or query can fail validation (a body can also be malformed JSON, too large or
 * not JSON at all), a path id can name nothing the caller owns, a signed-in route can find no
 * session or an ended one, a staff route can refuse the caller (a forum route answers a
 * non-member as missing, an admin route anyone but an admin), and anything can fail
 * unexpectedly.
 */
export const routeErrorCodes = (
  route: Pick<RouteDefinition, 'access' | 'body' | 'query' | 'errors' | 'owners'>,
): ErrorCode[] => {
  const implied: ErrorCode[] = [
    ...(route.body || route.query ? (['VALIDATION_FAILED'] as const) : []),
    ...(route.body
      ? (['MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const)
      : []),
    // An id of the wrong shape answers like a missing one, with its owner's not-found code.
    ...Object.values(route.owners ?? {}).map((owner) => PATH_ID_OWNERS[owner].notFound),
    ...(route.access === 'public' ? [] : (['UNAUTHENTICATED', 'SESSION_ENDED'] as const)),
    ...(route.access === 'staff' ? (['FORBIDDEN'] as const) : []),
    // A forum route answers anyone outside the forum, and an admin route anyone but an admin, as a
    // route that does not exist.
    ...(route.access === 'forum' || route.access === 'admin' ? (['NOT_FOUND'] as const) : []),
    'INTERNAL_ERROR',
  ];
  return [...new Set([...route.errors, ...implied])];
};
