import {
  API_PREFIX,
  fillPath,
  type BodyOf,
  type QueryOf,
  type ResponseOf,
  type RouteDefinition,
} from '#shared/contract/route';
import { navigateTo } from './navigation';
import { clearSession, readToken } from './session-storage';

/**
 * THE API client: every call goes through `callApi(contract.group.entry, ...)`, so paths, request
 * bodies and responses are typed and checked against the shared contract.
 */

/** The server's error body: `{ statusCode, message, error, fields? }`. */
interface ServerError {
  statusCode?: number;
  message?: unknown;
  error?: unknown;
  fields?: unknown;
}

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived or the answer was not what the contract says. */
    readonly status: number,
    message: string,
    /** Per-field messages from a validation error, keyed by the body's field names. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface CallOptions<R extends RouteDefinition> {
  params?: Record<string, string>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  /** Shown when the server gives no message ("server message preferred, otherwise the fallback"). */
  fallbackMessage?: string;
  /** Sends this token instead of the stored one (completing a token login). */
  token?: string;
  signal?: AbortSignal;
}

/** Paths where a 401 is an answer to show (wrong password, spent reset link), not a lost session. */
const PATHS_WITHOUT_401_REDIRECT = ['/login', '/reset-password'];

const buildUrl = (
  route: RouteDefinition,
  params?: Record<string, string>,
  query?: unknown,
): string => {
  const url = `${API_PREFIX}${fillPath(route.path, params)}`;
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

const toApiError = (status: number, payload: unknown, fallback: string): ApiError => {
  const body = (payload && typeof payload === 'object' ? payload : {}) as ServerError;
  const message = typeof body.message === 'string' && body.message.trim() ? body.message : fallback;
  let fields: Record<string, string> | undefined;
  if (body.fields && typeof body.fields === 'object') {
    fields = Object.fromEntries(
      Object.entries(body.fields).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
  return new ApiError(status, message, fields);
};

const onUnauthorized = () => {
  if (PATHS_WITHOUT_401_REDIRECT.includes(window.location.pathname)) return;
  clearSession();
  navigateTo('/login', { replace: true });
};

export const callApi = async <R extends RouteDefinition>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ResponseOf<R>> => {
  const fallback = options.fallbackMessage ?? DEFAULT_ERROR_MESSAGE;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(route, options.params, options.query), {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, fallback);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    if (response.status === 401) onUnauthorized();
    throw toApiError(response.status, payload, fallback);
  }
  const parsed = route.response.safeParse(payload);
  if (!parsed.success) throw new ApiError(0, fallback);
  return parsed.data as ResponseOf<R>;
};

/** The message to show for any error a call may throw. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? error.message : fallback;
