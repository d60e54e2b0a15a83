import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBytes } from '../responses';
import type { StandInClient } from './stand-in-clients';

/** Small pieces both stand-ins use to read requests the way X and LinkedIn read them. */

/** Uploads up to X's chunk and LinkedIn's image sizes, with room. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The origin the caller reached the stand-in on (for upload and media URLs it hands out). */
export const originOf = (request: IncomingMessage): string =>
  `http://${request.headers.host ?? 'localhost'}`;

export const bearerOf = (request: IncomingMessage): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/** A body of JSON or form fields as strings (token endpoints take either). */
export const readFields = async (request: IncomingMessage): Promise<Record<string, string>> => {
  const text = (await readBytes(request, MAX_BODY_BYTES)).toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    const parsed = parseJson(text);
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
  return Object.fromEntries(new URLSearchParams(text));
};

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const readJson = async (request: IncomingMessage): Promise<unknown> =>
  parseJson((await readBytes(request, MAX_BODY_BYTES)).toString('utf8'));

/**
 * Whether the request names the stand-in's client: HTTP basic auth (how twitter-api-v2 sends it)
 * or `client_id` + `client_secret` fields (how LinkedIn takes them).
 */
export const isClient = (
  request: IncomingMessage,
  fields: Record<string, string>,
  client: StandInClient,
): boolean => {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return (
      decodeURIComponent(id) === client.clientId &&
      decodeURIComponent(secret) === client.clientSecret
    );
  }
  return fields.client_id === client.clientId && fields.client_secret === client.clientSecret;
};

/** A JSON answer with extra headers (rate limits, `x-restli-id`). */
export const answer = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
};

/** The path below a stand-in's prefix (`/_sandbox/providers/x` + `/2/tweets` → `/2/tweets`). */
export const pathBelow = (request: IncomingMessage, prefix: string): string =>
  new URL(request.url ?? '/', 'http://sandbox.local').pathname.slice(prefix.length) || '/';

/** How long a simulated time-out holds its request before a 504 (clients give up far sooner). */
const HOLD_MS = 60_000;

/**
 * Requests a stand-in holds without answering, to play a provider that times out: each ends with
 * a 504 after a minute, or when the sandbox stops.
 */
export const createHeldResponses = () => {
  const held = new Set<ServerResponse>();
  return {
    hold(response: ServerResponse): void {
      held.add(response);
      const timer = setTimeout(() => {
        if (!response.headersSent) response.writeHead(504).end();
      }, HOLD_MS);
      timer.unref();
      response.on('close', () => {
        clearTimeout(timer);
        held.delete(response);
      });
    },
    releaseAll(): void {
      for (const response of held) response.destroy();
      held.clear();
    },
  };
};
