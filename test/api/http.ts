import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

/** Talks to the sandbox gateway exactly as a browser would: HTTP and JSON only. */
export const apiUrl = (): string => inject('apiUrl');

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export const call = async <T = Record<string, unknown>>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResult<T>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${apiUrl()}/api${path}`, {
    method,
    headers,
    body:
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as T,
    headers: response.headers,
  };
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
