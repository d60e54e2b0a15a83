import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetConfigForTests } from '#functions/core/config';

/** Tokens the fake reports by default, so callers can check what they pass on. */
export const FAKE_USAGE = { prompt_tokens: 1200, completion_tokens: 450, total_tokens: 1650 };

/** What the fake answers to one request. */
export type OpenAiFakeReply =
  /** A completion whose message content is this value as JSON (a string is sent as it is). */
  | {
      kind: 'content';
      content: unknown;
      finishReason?: 'stop' | 'length' | 'content_filter';
      usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
    }
  /** The model declined: `message.refusal` set, `content` null. */
  | { kind: 'refusal'; refusal: string }
  /** Never answers: the client's time-out ends the request. */
  | { kind: 'hang' }
  /** An error status with OpenAI's error body, and any headers (`retry-after`…). */
  | { kind: 'status'; status: number; message: string; headers?: Record<string, string> };

/** Builders for the usual replies. */
export const reply = {
  json: (content: unknown, usage = FAKE_USAGE): OpenAiFakeReply => ({
    kind: 'content',
    content: JSON.stringify(content),
    usage,
  }),
  /** Content that is not JSON at all. */
  notJson: (text = 'Sure! Here is your campaign: Autumn Blend Launch'): OpenAiFakeReply => ({
    kind: 'content',
    content: text,
  }),
  /** A JSON answer cut off by the token limit (`finish_reason: 'length'`). */
  truncated: (): OpenAiFakeReply => ({
    kind: 'content',
    content: '{"campaign": {"name": "Autumn',
    finishReason: 'length',
  }),
  refusal: (refusal = "I'm sorry, I can't help with that request."): OpenAiFakeReply => ({
    kind: 'refusal',
    refusal,
  }),
  hang: (): OpenAiFakeReply => ({ kind: 'hang' }),
  /** 429 with `retry-after` in seconds (fractions allowed: the SDK honours them). */
  rateLimited: (retryAfterSeconds = 0.01): OpenAiFakeReply => ({
    kind: 'status',
    status: 429,
    message: 'Rate limit reached for gpt-4o-mini. Please try again shortly.',
    headers: { 'retry-after': String(retryAfterSeconds) },
  }),
  serverError: (status = 500): OpenAiFakeReply => ({
    kind: 'status',
    status,
    message: 'The server had an error while processing your request.',
  }),
  /** 401, 400…: not retried by the SDK. */
  status: (status: number, message = 'Incorrect API key provided.'): OpenAiFakeReply => ({
    kind: 'status',
    status,
    message,
  }),
};

export interface OpenAiFakeRequest {
  method: string;
  /** Path and query, as received ("/v1/chat/completions"). */
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed. */
  body: Record<string, unknown>;
  /** The body's size in bytes, as sent. */
  bytes: number;
}

export interface OpenAiFake {
  /** The base URL to give the SDK (`…/v1`). */
  baseURL: string;
  requests: OpenAiFakeRequest[];
  /** Queues replies for the next requests, in order. */
  next(...replies: OpenAiFakeReply[]): void;
  /** What every request gets once the queue is empty (a JSON `{}` until set). */
  otherwise(reply: OpenAiFakeReply): void;
  /** Empties the queue and the recorded requests; the fallback goes back to `{}`. */
  reset(): void;
  /**
   * Points the app at the fake: OPENAI_API_KEY and OPENAI_BASE_URL in process.env, and the parsed
   * configuration forgotten. Returns what puts the environment back.
   */
  install(): () => void;
  close(): Promise<void>;
}

const completion = (message: Record<string, unknown>, finishReason: string, usage: unknown) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, finish_reason: finishReason, logprobs: null, message }],
  ...(usage ? { usage } : {}),
});

const send = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * A stand-in for OpenAI's HTTP API that the real SDK talks to: each test queues what the next
 * requests get (a structured answer, a refusal, malformed content, a hang, 429, 5xx) and reads
 * back what was sent.
 */
export const startOpenAiFake = async (): Promise<OpenAiFake> => {
  const queue: OpenAiFakeReply[] = [];
  let fallback: OpenAiFakeReply = reply.json({});
  const requests: OpenAiFakeRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: Record<string, unknown> = {};
      try {
        body = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        // Not JSON: recorded empty.
      }
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        bytes: raw.length,
      });
      const next = queue.shift() ?? fallback;
      switch (next.kind) {
        case 'hang':
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        case 'status':
          send(
            res,
            next.status,
            {
              error: {
                message: next.message,
                type: next.status === 429 ? 'requests' : 'server_error',
                code: null,
                param: null,
              },
            },
            // The SDK obeys x-should-retry before the status: leave the decision to the status.
            next.headers,
          );
          return;
        case 'refusal':
          send(
            res,
            200,
            completion(
              { role: 'assistant', content: null, refusal: next.refusal },
              'stop',
              FAKE_USAGE,
            ),
          );
          return;
        case 'content':
          send(
            res,
            200,
            completion(
              {
                role: 'assistant',
                content:
                  typeof next.content === 'string' ? next.content : JSON.stringify(next.content),
                refusal: null,
              },
              next.finishReason ?? 'stop',
              next.usage === undefined ? FAKE_USAGE : next.usage,
            ),
          );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  return {
    baseURL,
    requests,
    next: (...replies) => queue.push(...replies),
    otherwise: (value) => {
      fallback = value;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = reply.json({});
    },
    install: () => {
      const saved = {
        OPENAI_API_KEY: process.env.OPENAI_API_KEY,
        OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
      };
      Object.assign(process.env, { OPENAI_API_KEY: 'sk-test-not-real', OPENAI_BASE_URL: baseURL });
      resetConfigForTests();
      return () => {
        for (const [name, value] of Object.entries(saved)) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
        resetConfigForTests();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
