import { timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from '../config';
import { Forbidden } from '../errors';
import { readDeclaredSecret } from '../secrets';

/**
 * The header CloudFront adds to every request it forwards to the API (the web stack's origin
 * configuration). CloudFront overwrites a header of that name sent by the browser, so only
 * requests that came through CloudFront — its WAF, its security headers — carry the right value.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Refuses a request that did not come through CloudFront: the HTTP API's own execute-api address
 * stays reachable (CloudFront uses it as its origin, so it cannot be switched off), and without
 * this check it would answer everyone, skipping the WAF's rate limits. The check runs where the
 * function declares the `originKey` secret and has a value for it — every deployed endpoint
 * group; the sandbox, which has no CloudFront, gives none and so checks nothing.
 */
export const checkCloudFrontOrigin = async (
  headers: APIGatewayProxyEventV2['headers'] | undefined,
): Promise<void> => {
  const settings = config();
  if (!settings.ORIGIN_VERIFY_KEY && !settings.ORIGIN_VERIFY_KEY_ARN) return;
  const expected = await readDeclaredSecret('originKey');
  const given = headers?.[ORIGIN_VERIFY_HEADER];
  if (!given || !sameSecret(given, expected)) throw new Forbidden('FORBIDDEN', 'Forbidden');
};

/** The check as the first middleware of an endpoint group (functions/core/http/group-handler.ts). */
export const requireCloudFrontOrigin = (): middy.MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: (request) => checkCloudFrontOrigin(request.event.headers),
});
