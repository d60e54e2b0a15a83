import type { ErrorCode } from '#shared/contract/errors';
import {
  API_PREFIX,
  fillPath,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDefinition,
} from '#shared/contract/route';
import type { ApiRoute } from './api-route';
import { loginPathReturningTo, navigateTo } from './navigation';
import type { AuthResponse } from '#shared/contract/auth';
import { endSession } from './session-ended';
import { isSessionRemembered, readToken, writeSession } from './session-storage';

/**
 * THE API client: every server call goes through `callApi(route, ...)` with a route named by
 * `apiRoute('METHOD /path')`, so the path parameters, body, query and answer are typed from the
 * contract. In development every answer is also checked against the route's response schema.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** The server's stable code, what the app decides on; undefined without an error body. */
    readonly code: ErrorCode | undefined,
    /** The server's message for people; '' when it gave none. */
    readonly serverMessage: string,
    /** Per-field messages from the server, keyed by the body's field names. */
    readonly fields: Readonly<Record<string, string>> = {},
    /** A 429's Retry-After: seconds until the same request may work (a countdown to show). */
    readonly retryAfterSeconds?: number,
  ) {
    super(
      serverMessage || (status ? `The server answered ${status}` : 'No answer from the server'),
    );
  }
}

type HasKeys<T> = keyof T extends never ? false : true;

type ParamsOption<R extends RouteDefinition> =
  HasKeys<ParamsOf<R['path']>> extends true
    ? { params: ParamsOf<R['path']> }
    : { params?: undefined };
type BodyOption<R extends RouteDefinition> =
  BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> };
type QueryOption<R extends RouteDefinition> =
  QueryOf<R> extends undefined ? { query?: undefined } : { query?: QueryOf<R> };

export type CallOptions<R extends RouteDefinition> = ParamsOption<R> &
  BodyOption<R> &
  QueryOption<R> & {
    /** Sends this token instead of the stored one (completing a token sign-in). */
    token?: string;
    signal?: AbortSignal;
  };

/** The options argument may be left out only when the route needs no parameters and no body. */
type CallArguments<R extends RouteDefinition> =
  HasKeys<ParamsOf<R['path']>> extends true
    ? [options: CallOptions<R>]
    : BodyOf<R> extends undefined
      ? [options?: CallOptions<R>]
      : [options: CallOptions<R>];

/** Paths where a 401 is an answer to show (wrong password, spent reset link), not a lost session. */
const PATHS_WITHOUT_401_REDIRECT = ['/login', '/reset-password'];

const buildUrl = (path: string, params?: Record<string, string>, query?: unknown): string => {
  const url = `${API_PREFIX}${fillPath(path, params)}`;
  if (!query || typeof query !== 'object') return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
};

const readJson = async (response: Response): Promise<unknown> => {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
};

/** Retry-After in seconds (the server sends seconds, never a date); undefined without one. */
const retryAfterOf = (response: Response): number | undefined => {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
};

/** Reads the error body `{ statusCode, code, message, error, fields? }`, whatever arrived. */
const toApiError = (status: number, payload: unknown, retryAfterSeconds?: number): ApiError => {
  const body = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const message = typeof body.message === 'string' ? body.message.trim() : '';
  const code = typeof body.code === 'string' ? (body.code as ErrorCode) : undefined;
  const fields =
    body.fields && typeof body.fields === 'object'
      ? Object.fromEntries(
          Object.entries(body.fields).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : {};
  return new ApiError(status, code, message, fields, retryAfterSeconds);
};

/** The codes of a lost session; any other 401 (a wrong password) is an answer to show. */
const SESSION_CODES: readonly (ErrorCode | undefined)[] = ['SESSION_ENDED', 'UNAUTHENTICATED'];

export type RefreshOutcome = 'refreshed' | 'ended' | 'unreachable';

let refreshInFlight: Promise<RefreshOutcome> | null = null;

const requestRefresh = async (): Promise<RefreshOutcome> => {
  let response: Response;
  try {
    // The refresh token is the httpOnly cookie (Path=/api/auth): script never sees it.
    response = await fetch(`${API_PREFIX}/auth/refresh`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    return 'unreachable';
  }
  if (response.status >= 500) return 'unreachable';
  const payload = (await readJson(response)) as Partial<AuthResponse> | undefined;
  if (!response.ok || typeof payload?.access_token !== 'string' || !payload.user) return 'ended';
  writeSession(
    { token: payload.access_token, user: payload.user },
    { remember: isSessionRemembered() },
  );
  return 'refreshed';
};

/**
 * Trades the refresh cookie for a new access token and stores it. Concurrent callers (several
 * calls answered 401 at once, the expiry timer) share one request: the server rotates the cookie
 * on each refresh, so parallel refreshes would only race each other.
 */
export const refreshAccessToken = (): Promise<RefreshOutcome> => {
  refreshInFlight ??= requestRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
};

const onUnauthorized = () => {
  const { pathname, search, hash } = window.location;
  if (PATHS_WITHOUT_401_REDIRECT.includes(pathname)) return;
  endSession();
  // The page the user was on comes back after they log in again.
  navigateTo(loginPathReturningTo(`${pathname}${search}${hash}`), { replace: true });
};

export const callApi = async <R extends RouteDefinition>(
  route: ApiRoute<R>,
  ...[options]: CallArguments<R>
): Promise<ResponseOf<R>> => {
  const {
    params,
    query,
    body,
    token: tokenOption,
    signal,
  } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: unknown;
    body?: unknown;
    token?: string;
    signal?: AbortSignal;
  };
  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(buildUrl(route.path, params, query), {
        method: route.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, undefined, '');
    }
  };

  const storedToken = tokenOption ? null : readToken();
  let response = await send(tokenOption ?? storedToken);
  let payload = await readJson(response);
  // The access token lives 15 minutes: a stored one that is refused is renewed once, then retried.
  if (response.status === 401 && storedToken) {
    const { code } = toApiError(401, payload);
    const outcome = SESSION_CODES.includes(code) ? await refreshAccessToken() : 'ended';
    if (outcome === 'unreachable') throw new ApiError(0, undefined, '');
    if (outcome === 'refreshed') {
      response = await send(readToken());
      payload = await readJson(response);
    }
  }
  if (!response.ok) {
    if (response.status === 401) onUnauthorized();
    throw toApiError(response.status, payload, retryAfterOf(response));
  }
  // Development only (the branch and the contract's schemas are left out of the production build).
  if (import.meta.env.DEV) {
    const { checkResponse } = await import('./check-response');
    checkResponse(route, payload);
  }
  return payload as ResponseOf<R>;
};
