import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { inject } from 'vitest';
import { compileRoutes, matchRoute } from '#infra/sandbox/gateway-routes';
import { ERROR_STATUS, errorBodySchema } from '#shared/contract/errors';
import { routes, routesByKey } from '#shared/contract/manifest';
import { API_PREFIX } from '#shared/contract/route';
import { routeErrorCodes } from '#shared/contract/route-errors';

/** Talks to the sandbox gateway exactly as a browser would: HTTP and JSON only. */
export const apiUrl = (): string => inject('apiUrl');

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** An answer the contract does not declare: the handler or the contract is wrong. */
export class ContractMismatch extends Error {
  override readonly name = 'ContractMismatch';
}

const compiledRoutes = compileRoutes(routes);

/**
 * Holds every answer to the route's contract: a success must have the route's status and parse
 * with its response schema; an error must be an error body whose code the route declares (or
 * implies) and whose status is that code's.
 */
export const checkAgainstContract = (
  method: string,
  path: string,
  result: ApiResult<unknown>,
): void => {
  const rawPath = `${API_PREFIX}${path}`.split('?')[0]!;
  const match = matchRoute(compiledRoutes, method, rawPath);
  if (!match) {
    throw new ContractMismatch(
      `${method} ${path} is no route of the contract (pass outsideContract: true to call it anyway)`,
    );
  }
  const route = routesByKey.get(match.route.routeKey)!;
  const name = `${method} ${path} (${match.route.routeKey})`;
  if (result.status < 400) {
    const expected = route.successStatus ?? 200;
    if (result.status !== expected) {
      throw new ContractMismatch(
        `${name} answered ${result.status}; its contract says ${expected}`,
      );
    }
    const parsed = route.response.safeParse(result.body);
    if (!parsed.success) {
      throw new ContractMismatch(
        `${name} answered what its response schema does not declare:\n${z.prettifyError(parsed.error)}`,
      );
    }
    return;
  }
  const parsed = errorBodySchema.safeParse(result.body);
  if (!parsed.success) {
    throw new ContractMismatch(
      `${name} answered ${result.status} without an error body: ${JSON.stringify(result.body)}\n${z.prettifyError(parsed.error)}`,
    );
  }
  const { code, statusCode } = parsed.data;
  if (!routeErrorCodes(route).includes(code)) {
    throw new ContractMismatch(`${name} answered ${code}, which the route does not declare`);
  }
  if (statusCode !== result.status || ERROR_STATUS[code] !== result.status) {
    throw new ContractMismatch(
      `${name} answered ${code} with status ${result.status} (body ${statusCode}); the code's status is ${ERROR_STATUS[code]}`,
    );
  }
};

export const call = async <T = Record<string, unknown>>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    token?: string;
    headers?: Record<string, string>;
    /** For the few calls that test the gateway itself, at paths the contract does not have. */
    outsideContract?: true;
  } = {},
): Promise<ApiResult<T>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${apiUrl()}${API_PREFIX}${path}`, {
    method,
    headers,
    body:
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  const result = {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as T,
    headers: response.headers,
  };
  if (!options.outsideContract) checkAgainstContract(method, path, result);
  return result;
};

let phoneCounter = Math.floor(Math.random() * 9_000_000);

/** A unique email and a unique, valid US phone number for each call. */
export const uniqueIdentity = () => {
  phoneCounter += 1;
  const suffix = String(1_000_000 + (phoneCounter % 9_000_000)).slice(-7);
  return {
    email: `user-${randomUUID().slice(0, 8)}@example.com`,
    phoneNumber: `(555) ${suffix.slice(0, 3)}-${suffix.slice(3)}`,
  };
};

export interface RegisteredUser {
  token: string;
  user: { _id: string; email: string; phoneNumber: string; role: string; [key: string]: unknown };
  password: string;
}

export const registerUser = async (
  overrides: Record<string, unknown> = {},
): Promise<RegisteredUser> => {
  const password = 'correct-horse-battery';
  const body = {
    ...uniqueIdentity(),
    password,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
  const result = await call<{ access_token: string; user: RegisteredUser['user'] }>(
    'POST',
    '/auth/register',
    { body },
  );
  if (result.status !== 201)
    throw new Error(`register failed: ${result.status} ${JSON.stringify(result.body)}`);
  return {
    token: result.body.access_token,
    user: result.body.user,
    password: body.password as string,
  };
};

export interface SandboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  createdAt: string;
}

/** What the sandbox "sent" to one address, newest first (the dev inbox's JSON view). */
export const inbox = async (to: string): Promise<SandboxMessage[]> => {
  const response = await fetch(`${apiUrl()}/_sandbox/api/messages?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: SandboxMessage[] };
  return messages;
};
