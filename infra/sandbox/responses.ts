import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small answers the sandbox's own pages and JSON endpoints write (never the gateway's). */

export const sendText = (
  response: ServerResponse,
  statusCode: number,
  contentType: string,
  body: string,
  extraHeaders: Record<string, string> = {},
): void => {
  const buffer = Buffer.from(body);
  response.writeHead(statusCode, {
    'content-type': contentType,
    'content-length': buffer.length,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extraHeaders,
  });
  response.end(response.req.method === 'HEAD' ? undefined : buffer);
};

export const sendPlain = (response: ServerResponse, statusCode: number, text: string): void =>
  sendText(response, statusCode, 'text/plain; charset=utf-8', text);

export const sendJson = (response: ServerResponse, statusCode: number, value: unknown): void =>
  sendText(response, statusCode, 'application/json; charset=utf-8', JSON.stringify(value));

export const sendNoContent = (response: ServerResponse): void => {
  response.writeHead(204, { 'cache-control': 'no-store' });
  response.end();
};

/** After a form post: back to the page (303, so the browser follows with a GET). */
export const redirect = (response: ServerResponse, location: string): void => {
  response.writeHead(303, { location, 'cache-control': 'no-store' });
  response.end();
};

/**
 * The body's bytes, or null when it is larger than `limit`: the rest is drained and dropped, so the
 * client still reads the answer (a 413).
 */
export const readBodyWithin = (request: IncomingMessage, limit: number): Promise<Buffer | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** The body's bytes; rejects when it is larger than `limit`. */
export const readBytes = async (request: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> => {
  const body = await readBodyWithin(request, limit);
  if (!body) throw new Error(`The body is larger than ${limit} bytes.`);
  return body;
};

export const readBody = async (request: IncomingMessage, limit = 1024 * 1024): Promise<string> =>
  (await readBytes(request, limit)).toString('utf8');

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
