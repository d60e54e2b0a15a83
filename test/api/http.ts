import { createHash, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import * as z from 'zod';
import { expect, inject } from 'vitest';
import { compileRoutes, matchRoute } from '#infra/sandbox/gateway-routes';
import { ERROR_STATUS, errorBodySchema } from '#shared/contract/errors';
import { routes, routesByKey } from '#shared/contract/manifest';
import { API_PREFIX, isRedirectRoute } from '#shared/contract/route';
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
    // A redirect says where in its location header; its body is empty.
    if (isRedirectRoute(route) && !/^https?:\/\//.test(result.headers.get('location') ?? '')) {
      throw new ContractMismatch(`${name} answered a redirect without an absolute location`);
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

/**
 * Clients are told apart by address (the limits per client address), and all of 127.0.0.0/8 is
 * loopback on Linux: a test plays another client by connecting from another source address.
 */
let clientCounter = 0x010000 + Math.floor(Math.random() * 0xe00000);

/** A loopback address no other call of this file has used: a new client. */
export const newClientAddress = (): string => {
  do clientCounter += 1;
  while ((clientCounter & 0xff) === 0 || (clientCounter & 0xff) === 0xff);
  return `127.${(clientCounter >> 16) & 0xff}.${(clientCounter >> 8) & 0xff}.${clientCounter & 0xff}`;
};

/** Each test is one client unless it says otherwise: its own address, derived from its name. */
const testClientAddress = (): string => {
  const { testPath, currentTestName } = expect.getState();
  const digest = createHash('sha256')
    .update(`${testPath ?? ''}\0${currentTestName ?? ''}`)
    .digest();
  return `127.${1 + (digest[0]! % 254)}.${digest[1]}.${1 + (digest[2]! % 254)}`;
};

/** One HTTP exchange from a chosen source address (fetch cannot pick its local address). */
const exchange = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; from: string },
): Promise<{ status: number; headers: Headers; text: string }> =>
  new Promise((resolve, reject) => {
    const headers = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const outgoing = httpRequest(
      url,
      { method: init.method, headers, localAddress: init.from },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
              answerHeaders.append(name, one);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: answerHeaders,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });

/** A body as the client reads it: JSON, `{}` when empty — except a redirect's, which has none. */
export const parseBody = <T>(status: number, text: string): T =>
  (text ? JSON.parse(text) : status >= 300 && status < 400 ? undefined : {}) as T;

export const call = async <T = Record<string, unknown>>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    token?: string;
    headers?: Record<string, string>;
    /** The client's address (a loopback address); by default the test's own. */
    from?: string;
    /** Another sandbox's origin, for a test that needs a fresh one; by default the project's. */
    origin?: string;
    /** For the few calls that test the gateway itself, at paths the contract does not have. */
    outsideContract?: true;
  } = {},
): Promise<ApiResult<T>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await exchange(`${options.origin ?? apiUrl()}${API_PREFIX}${path}`, {
    method,
    headers,
    body:
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    from: options.from ?? testClientAddress(),
  });
  const { text } = response;
  const result = {
    status: response.status,
    body: parseBody<T>(response.status, text),
    headers: response.headers,
  };
  if (!options.outsideContract) checkAgainstContract(method, path, result);
  return result;
};

/** The Set-Cookie headers of an answer for the cookies whose names start with `prefix`. */
export const setCookiesNamed = (result: ApiResult<unknown>, prefix: string): string[] =>
  result.headers.getSetCookie().filter((cookie) => cookie.startsWith(prefix));

/** The `name=value` part of a Set-Cookie header: what a browser sends back. */
export const cookiePair = (setCookie: string | undefined): string => {
  if (!setCookie) throw new Error('No such cookie was set');
  return setCookie.split(';')[0]!;
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

/** Registers from a new client address unless `from` is given: each account is its own person. */
export const registerUser = async (
  overrides: Record<string, unknown> = {},
  from: string = newClientAddress(),
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
    { body, from },
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

/** An alarm a function raised, as the sandbox's stand-in for CloudWatch alarms keeps it. */
export interface SandboxAlarm {
  metric: string;
  dimensions: Record<string, string>;
  message: string;
  raisedAt: string;
}

/** The alarms raised in the sandbox, newest first (the JSON of /_sandbox's Alarms panel). */
export const sandboxAlarms = async (): Promise<SandboxAlarm[]> => {
  const response = await fetch(`${apiUrl()}/_sandbox/api/alarms`);
  return ((await response.json()) as { alarms: SandboxAlarm[] }).alarms;
};

/** How a job run by name through the sandbox's events service ended. */
export interface JobOutcome<R = unknown> {
  status: string;
  result?: R;
  error?: string;
}

/** Runs a job by name with its event, as the scheduler would, and answers how it ended. */
export const runJob = async <R = unknown>(
  job: string,
  event: unknown = {},
): Promise<JobOutcome<R>> => {
  const response = await fetch(`${apiUrl()}/_sandbox/api/jobs/${job}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
  if (response.status !== 200)
    throw new Error(`${job}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { outcome: JobOutcome<R> }).outcome;
};

/**
 * Waits until no job runs in the sandbox: a call that started one in the background (a confirmed
 * image's thumbnail) has then finished everything it set off.
 */
export const jobsSettled = async (timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${apiUrl()}/_sandbox/api/jobs`);
    const { running } = (await response.json()) as { running: number };
    if (running === 0) return;
    if (Date.now() > deadline) throw new Error(`${running} sandbox job runs still under way`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Where and how a presigned POST takes a file (what the upload routes answer). */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/**
 * The browser's upload: the presigned form's fields (with any changes a test makes to them), then
 * the file, straight to storage.
 */
export const uploadTo = async (
  upload: PresignedPost,
  bytes: Uint8Array,
  fieldChanges: Record<string, string> = {},
  fileName = 'photo.png',
): Promise<{ status: number; text: string }> => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...fieldChanges })) {
    form.append(name, value);
  }
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const response = await fetch(upload.url, { method: 'POST', body: form });
  return { status: response.status, text: await response.text() };
};
