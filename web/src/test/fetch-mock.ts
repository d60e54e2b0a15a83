import { vi } from 'vitest';

/** An answer, or a function of the request's URL (to answer by its query) that makes one. */
export type MockAnswer = { status?: number; body?: unknown } | ((url: URL) => Promise<Response>);

/**
 * Stubs `fetch` with answers keyed by "METHOD /api/path" (query ignored). Unknown calls answer
 * 404. Returns the mock so tests can inspect calls.
 */
export const mockFetch = (answers: Record<string, MockAnswer>) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answer = answers[key];
    if (typeof answer === 'function') return answer(url);
    const { status = 200, body } = answer ?? {
      status: 404,
      body: { statusCode: 404, message: 'Not found', error: 'Not Found' },
    };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

/** The parsed JSON body of the n-th call to the mock. */
export const bodyOfCall = (fetchMock: ReturnType<typeof mockFetch>, index = 0): unknown => {
  const init = fetchMock.mock.calls[index]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
};

const keyOf = (input: unknown, init?: RequestInit) =>
  `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;

/** The parsed JSON bodies of the calls to "METHOD /api/path", in order (undefined without one). */
export const bodiesSentTo = (fetchMock: ReturnType<typeof mockFetch>, key: string): unknown[] =>
  fetchMock.mock.calls
    .filter(([input, init]) => keyOf(input, init) === key)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

/** The "METHOD /api/path" keys of every call, in order. */
export const callKeys = (fetchMock: ReturnType<typeof mockFetch>): string[] =>
  fetchMock.mock.calls.map(([input, init]) => keyOf(input, init));

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An answer that waits until the test resolves it (to see in-flight states). */
export const deferredAnswer = () => {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { answer: () => promise, resolve };
};
