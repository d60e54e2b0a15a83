import { vi } from 'vitest';

export type MockAnswer = { status?: number; body?: unknown } | (() => Promise<Response>);

/**
 * Stubs `fetch` with answers keyed by "METHOD /api/path" (query ignored). Unknown calls answer
 * 404. Returns the mock so tests can inspect calls.
 */
export const mockFetch = (answers: Record<string, MockAnswer>) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answer = answers[key];
    if (typeof answer === 'function') return answer();
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
