import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { VIEWER_ADDRESS_HEADER } from '#functions/core/http/client-address';
import type { RouteMatch } from './gateway-routes';

/** A Node request turned into the HTTP API (payload format 2.0) event API Gateway would send. */

export interface GatewayRequest {
  method: string;
  /** Path and query as received, e.g. `/api/users/u1?x=1`. */
  url: string;
  /** Node's `rawHeaders`: name, value, name, value... (repeats kept). */
  rawHeaders: readonly string[];
  body: Buffer;
  sourceIp: string;
  protocol?: string;
  requestId?: string;
  now?: Date;
}

/** API Gateway hands these over as UTF-8 text; everything else arrives base64-encoded. */
export const isTextContentType = (contentType: string | undefined): boolean => {
  if (!contentType) return false;
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  return mime.startsWith('text/') || mime === 'application/json' || mime.endsWith('+json');
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestContext.time`: `12/Mar/2020:19:03:58 +0000`. */
export const formatRequestTime = (date: Date): string => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
};

export const buildEvent = (request: GatewayRequest, match: RouteMatch): APIGatewayProxyEventV2 => {
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : request.url.slice(queryStart + 1);

  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index]!.toLowerCase();
    const value = request.rawHeaders[index + 1]!;
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((cookie) => cookie.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  headers['x-forwarded-for'] ??= request.sourceIp;
  // As CloudFront's viewer-request function does: the viewer's address from the connection, never
  // from the client (a value it sent is overwritten), so limits per client address hold here too.
  headers[VIEWER_ADDRESS_HEADER] = request.sourceIp;
  headers['x-forwarded-proto'] ??= 'http';

  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    queryStringParameters[name] =
      name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
  }

  const domainName = (headers.host ?? 'localhost').replace(/:\d+$/, '');
  const now = request.now ?? new Date();
  const routeKey = match.route.routeKey;
  const text = isTextContentType(headers['content-type']);
  const hasBody = request.body.length > 0;

  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: 'sandbox',
      apiId: 'sandbox',
      domainName,
      domainPrefix: domainName.split('.')[0]!,
      http: {
        method: request.method,
        path: rawPath,
        protocol: request.protocol ?? 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: request.requestId ?? randomUUID(),
      routeKey,
      stage: '$default',
      time: formatRequestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody
      ? { body: text ? request.body.toString('utf8') : request.body.toString('base64') }
      : {}),
    isBase64Encoded: hasBody && !text,
  };
};
