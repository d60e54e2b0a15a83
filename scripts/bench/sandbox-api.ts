import { API_PREFIX } from '#shared/contract/route';

/**
 * One JSON call to a running sandbox's API (`<origin>/api<path>`), signed in when a token is
 * given, as the bench's scripts make their fixtures. Any answer but a 2xx throws with what the
 * API said.
 */
export const callSandboxApi = async <T>(
  origin: string,
  method: string,
  path: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<T> => {
  const response = await fetch(`${origin}${API_PREFIX}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
};
