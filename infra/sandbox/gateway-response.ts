import type { ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A handler's result written back the way API Gateway would (payload format 2.0 rules). */

export interface HttpResponse {
  statusCode: number;
  /** Lower-case names; `set-cookie` may repeat. */
  headers: [string, string][];
  body: Buffer;
}

const json = (statusCode: number, value: unknown): HttpResponse => ({
  statusCode,
  headers: [['content-type', 'application/json']],
  body: Buffer.from(JSON.stringify(value)),
});

export const notFound = (): HttpResponse => json(404, { message: 'Not Found' });
export const internalServerError = (): HttpResponse =>
  json(500, { message: 'Internal Server Error' });
export const serviceUnavailable = (): HttpResponse => json(503, { message: 'Service Unavailable' });
export const payloadTooLarge = (): HttpResponse =>
  json(413, { message: 'Request Entity Too Large' });

/** Headers API Gateway owns; a handler's values for them are dropped. */
const RESERVED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/**
 * API Gateway's rules for payload format 2.0: a result with a `statusCode` is a structured response;
 * anything else (a string, an object) is the body of a 200 with `content-type: application/json`.
 */
export const toHttpResponse = (result: unknown): HttpResponse => {
  if (typeof result === 'string') {
    return {
      statusCode: 200,
      headers: [['content-type', 'application/json']],
      body: Buffer.from(result),
    };
  }
  if (result === undefined || result === null) {
    return {
      statusCode: 200,
      headers: [['content-type', 'application/json']],
      body: Buffer.alloc(0),
    };
  }
  if (typeof result !== 'object' || !('statusCode' in result)) return json(200, result);

  const structured = result as APIGatewayProxyStructuredResultV2 & {
    multiValueHeaders?: Record<string, readonly (string | number | boolean)[]>;
  };
  const statusCode = structured.statusCode;
  if (
    typeof statusCode !== 'number' ||
    !Number.isInteger(statusCode) ||
    statusCode < 100 ||
    statusCode > 599
  ) {
    throw new Error(`The handler returned an invalid statusCode: ${JSON.stringify(statusCode)}`);
  }
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(structured.headers ?? {})) {
    if (value !== undefined && value !== null) headers.push([name.toLowerCase(), String(value)]);
  }
  for (const [name, values] of Object.entries(structured.multiValueHeaders ?? {})) {
    for (const value of values ?? []) headers.push([name.toLowerCase(), String(value)]);
  }
  for (const cookie of structured.cookies ?? []) headers.push(['set-cookie', cookie]);
  const body = structured.body ?? '';
  return {
    statusCode,
    headers: headers.filter(([name]) => !RESERVED_HEADERS.has(name)),
    body: structured.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8'),
  };
};

export const sendHttpResponse = (
  response: ServerResponse,
  result: HttpResponse,
  requestId: string,
): void => {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of result.headers)
    grouped.set(name, [...(grouped.get(name) ?? []), value]);
  for (const [name, values] of grouped) {
    response.setHeader(name, name === 'set-cookie' ? values : values.join(','));
  }
  response.setHeader('apigw-requestid', requestId);
  response.setHeader('content-length', result.body.length);
  response.writeHead(result.statusCode);
  response.end(response.req.method === 'HEAD' ? undefined : result.body);
};
