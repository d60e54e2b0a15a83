import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON when it is JSON, else the raw text ('' when empty). */
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeHttpService {
  origin: string;
  requests: RecordedRequest[];
  /** Decides each answer; tests replace it to script failures. */
  answer: (request: RecordedRequest) => FakeAnswer;
  close(): Promise<void>;
}

/**
 * A stand-in for an outside HTTP API (an AWS service, the sandbox's events API): the real client
 * runs against it, and the test asserts the requests it recorded.
 */
export const startFakeHttpService = async (
  answer: (request: RecordedRequest) => FakeAnswer,
): Promise<FakeHttpService> => {
  const service: Omit<FakeHttpService, 'origin' | 'close'> = { requests: [], answer };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : '';
      } catch {
        // Not JSON: kept as text.
      }
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      service.requests.push(request);
      const reply = service.answer(request);
      const text =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(service, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
};
