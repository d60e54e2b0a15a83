import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENDPOINT_GROUP_DECLARATIONS } from '#functions/catalogue';
import { currentEnvironment } from '#functions/core/environment';
import { routes as manifestRoutes } from '#shared/contract/manifest';
import { functionEnvironment } from './function-environment';
import { createGateway, type LambdaHandler } from './gateway';
import { buildEvent, formatRequestTime, type GatewayRequest } from './gateway-event';
import { toHttpResponse } from './gateway-response';
import { compileRoutes, matchRoute } from './gateway-routes';

const routes = compileRoutes([
  { method: 'GET', path: '/users/{id}', group: 'users' },
  { method: 'GET', path: '/users/me', group: 'users' },
  { method: 'GET', path: '/users/count/total', group: 'users' },
  { method: 'PUT', path: '/users/{id}', group: 'users' },
  { method: 'GET', path: '/files/{key+}', group: 'meta' },
  { method: 'POST', path: '/auth/login', group: 'auth' },
]);

const request = (overrides: Partial<GatewayRequest> = {}): GatewayRequest => ({
  method: 'GET',
  url: '/api/users/u1',
  rawHeaders: ['Host', 'localhost:3000', 'User-Agent', 'test-agent'],
  body: Buffer.alloc(0),
  sourceIp: '127.0.0.1',
  requestId: 'req-1',
  now: new Date('2026-03-12T19:03:58.123Z'),
  ...overrides,
});

const eventFor = (overrides: Partial<GatewayRequest> = {}): APIGatewayProxyEventV2 => {
  const input = request(overrides);
  const match = matchRoute(routes, input.method, input.url.split('?')[0]!);
  if (!match) throw new Error(`no route for ${input.method} ${input.url}`);
  return buildEvent(input, match);
};

describe('route matching', () => {
  it('uses the manifest route key and decodes path parameters', () => {
    const match = matchRoute(routes, 'PUT', '/api/users/a%2Fb%20c%C3%A9');
    expect(match?.route.routeKey).toBe('PUT /api/users/{id}');
    expect(match?.pathParameters).toEqual({ id: 'a/b cé' });
  });

  it('prefers literal segments over parameters', () => {
    expect(matchRoute(routes, 'GET', '/api/users/me')?.route.routeKey).toBe('GET /api/users/me');
    expect(matchRoute(routes, 'GET', '/api/users/count/total')?.route.routeKey).toBe(
      'GET /api/users/count/total',
    );
    expect(matchRoute(routes, 'GET', '/api/users/someone')?.route.routeKey).toBe(
      'GET /api/users/{id}',
    );
  });

  it('matches greedy parameters over several segments', () => {
    expect(matchRoute(routes, 'GET', '/api/files/a/b%20c.png')?.pathParameters).toEqual({
      key: 'a/b c.png',
    });
    expect(matchRoute(routes, 'GET', '/api/files/')).toBeUndefined();
  });

  it('matches nothing for other methods, extra or missing segments and empty parameters', () => {
    expect(matchRoute(routes, 'DELETE', '/api/users/u1')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/api/users/u1/extra')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/api/users/')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/api/users')).toBeUndefined();
    expect(matchRoute(routes, 'POST', '/auth/login')).toBeUndefined();
  });

  it('finds every route of the manifest by its own path', () => {
    const compiled = compileRoutes(manifestRoutes);
    for (const route of manifestRoutes) {
      const path = `/api${route.path.replace(/\{(\w+)\}/g, 'x1')}`;
      expect(matchRoute(compiled, route.method, path)?.route.group).toBe(route.group);
    }
  });
});

describe('buildEvent', () => {
  it('fills the HTTP API v2 fields', () => {
    const event = eventFor({ url: '/api/users/u%201?x=1' });
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/users/{id}',
      rawPath: '/api/users/u%201',
      rawQueryString: 'x=1',
      pathParameters: { id: 'u 1' },
      isBase64Encoded: false,
      requestContext: {
        accountId: 'sandbox',
        apiId: 'sandbox',
        domainName: 'localhost',
        domainPrefix: 'localhost',
        http: {
          method: 'GET',
          path: '/api/users/u%201',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'test-agent',
        },
        requestId: 'req-1',
        routeKey: 'GET /api/users/{id}',
        stage: '$default',
        time: '12/Mar/2026:19:03:58 +0000',
        timeEpoch: Date.parse('2026-03-12T19:03:58.123Z'),
      },
    });
    expect(event.body).toBeUndefined();
  });

  it('joins repeated query parameters with commas and leaves the field out without a query', () => {
    const event = eventFor({ url: '/api/users/u1?tag=a&tag=b%20c&empty=&plus=x+y' });
    expect(event.rawQueryString).toBe('tag=a&tag=b%20c&empty=&plus=x+y');
    expect(event.queryStringParameters).toEqual({ tag: 'a,b c', empty: '', plus: 'x y' });
    expect(eventFor().queryStringParameters).toBeUndefined();
    expect(eventFor().rawQueryString).toBe('');
  });

  it('lower-cases headers, joins repeats and moves cookies into their own field', () => {
    const event = eventFor({
      rawHeaders: [
        'Host',
        'localhost:3000',
        'X-Custom',
        'one',
        'x-custom',
        'two',
        'Cookie',
        'a=1; b=2',
        'cookie',
        'c=3',
      ],
    });
    expect(event.headers['x-custom']).toBe('one,two');
    expect(event.headers.host).toBe('localhost:3000');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.cookies).toEqual(['a=1', 'b=2', 'c=3']);
    expect(event.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('passes JSON and text bodies as they are and base64-encodes everything else', () => {
    const json = eventFor({
      method: 'PUT',
      rawHeaders: ['Content-Type', 'application/json; charset=utf-8'],
      body: Buffer.from('{"name":"Zoë"}'),
    });
    expect(json.body).toBe('{"name":"Zoë"}');
    expect(json.isBase64Encoded).toBe(false);

    const bytes = Buffer.from([0, 1, 2, 255]);
    const binary = eventFor({
      method: 'PUT',
      rawHeaders: ['Content-Type', 'application/octet-stream'],
      body: bytes,
    });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body!, 'base64')).toEqual(bytes);

    const form = eventFor({
      method: 'PUT',
      rawHeaders: ['Content-Type', 'application/x-www-form-urlencoded'],
      body: Buffer.from('a=1'),
    });
    expect(form.isBase64Encoded).toBe(true);
    expect(Buffer.from(form.body!, 'base64').toString()).toBe('a=1');
  });

  it('formats the request time like API Gateway', () => {
    expect(formatRequestTime(new Date('2026-01-05T03:04:05Z'))).toBe('05/Jan/2026:03:04:05 +0000');
  });
});

describe('toHttpResponse', () => {
  it('follows API Gateway v2 rules for results without a statusCode', () => {
    expect(toHttpResponse('hello')).toMatchObject({ statusCode: 200, body: Buffer.from('hello') });
    const object = toHttpResponse({ ok: true });
    expect(object.statusCode).toBe(200);
    expect(object.headers).toContainEqual(['content-type', 'application/json']);
    expect(object.body.toString()).toBe('{"ok":true}');
  });

  it('writes cookies as Set-Cookie headers, decodes base64 bodies and drops reserved headers', () => {
    const response = toHttpResponse({
      statusCode: 201,
      headers: { 'Content-Type': 'image/png', 'Content-Length': 999, 'X-Count': 2 },
      cookies: ['a=1; HttpOnly', 'b=2'],
      body: Buffer.from([1, 2, 3]).toString('base64'),
      isBase64Encoded: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers).toEqual([
      ['content-type', 'image/png'],
      ['x-count', '2'],
      ['set-cookie', 'a=1; HttpOnly'],
      ['set-cookie', 'b=2'],
    ]);
    expect(response.body).toEqual(Buffer.from([1, 2, 3]));
  });

  it('rejects an invalid statusCode', () => {
    expect(() => toHttpResponse({ statusCode: 'ok' })).toThrow(/invalid statusCode/);
  });
});

describe('createGateway over HTTP', () => {
  const handlers: Record<string, LambdaHandler> = {
    users: async (event, context) => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      cookies: ['session=abc; Path=/', 'theme=dark'],
      body: JSON.stringify({
        routeKey: event.routeKey,
        id: event.pathParameters?.id,
        body: event.body,
        isBase64Encoded: event.isBase64Encoded,
        functionName: context.functionName,
        remaining: context.getRemainingTimeInMillis(),
      }),
    }),
    auth: async () => {
      throw new Error('boom (expected in this test)');
    },
    meta: () => new Promise(() => undefined),
  };
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const gateway = createGateway({
      routes: [
        { method: 'PUT', path: '/users/{id}', group: 'users' },
        { method: 'POST', path: '/auth/login', group: 'auth' },
        { method: 'GET', path: '/config', group: 'meta' },
      ],
      loadHandler: async (group) => handlers[group]!,
      maxBodyBytes: 1024,
      integrationTimeoutMs: 100,
    });
    server = createServer((req, res) => void gateway.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('invokes the group handler and writes its response, cookies included', async () => {
    const response = await fetch(`${base}/api/users/a%2Fb`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array([1, 2, 3]),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual(['session=abc; Path=/', 'theme=dark']);
    expect(response.headers.get('apigw-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      routeKey: 'PUT /api/users/{id}',
      id: 'a/b',
      body: Buffer.from([1, 2, 3]).toString('base64'),
      isBase64Encoded: true,
      functionName: 'sailpost-sandbox-users',
    });
    expect(body.remaining).toBeGreaterThan(20_000);
    expect(body.remaining).toBeLessThanOrEqual(29_000);
  });

  it('answers 404 like API Gateway for unknown routes', async () => {
    const response = await fetch(`${base}/api/nothing/here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
    expect((await fetch(`${base}/api/users/u1`)).status).toBe(404); // GET is not routed, only PUT
  });

  it('answers 500 when the handler throws', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await fetch(`${base}/api/auth/login`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: 'Internal Server Error' });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });

  it('answers 503 when the handler does not answer within the integration time-out', async () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      const response = await fetch(`${base}/api/config`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'Service Unavailable' });
    } finally {
      console.error = original;
    }
  });

  it('answers 413 for bodies over the limit', async () => {
    const response = await fetch(`${base}/api/users/u1`, { method: 'PUT', body: 'x'.repeat(2048) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request Entity Too Large' });
  });
});

describe('each group’s handler runs in the environment its declaration names', () => {
  const wiring = {
    url: 'http://localhost:3000',
    dynamoDbEndpoint: 'http://127.0.0.1:8000',
    s3Endpoint: 'http://localhost:9000',
    jwtSecret: 'b'.repeat(128),
    credentialKey: 'c'.repeat(128),
    stripeWebhookSecret: 'whsec_test',
    settings: {},
  };
  const seeEnvironment: LambdaHandler = async () => ({
    statusCode: 200,
    body: JSON.stringify(currentEnvironment()),
  });
  let server: Server;
  let base: string;

  beforeAll(async () => {
    // Set in the process, as the sandbox itself may have it: a handler must still not see it.
    vi.stubEnv('TABLE_NAME', 'from-the-process');
    const gateway = createGateway({
      routes: [
        { method: 'GET', path: '/config', group: 'meta' },
        { method: 'GET', path: '/users/{id}', group: 'users' },
      ],
      loadHandler: async () => seeEnvironment,
      environmentOf: (group) =>
        functionEnvironment(
          group,
          ENDPOINT_GROUP_DECLARATIONS[group as keyof typeof ENDPOINT_GROUP_DECLARATIONS],
          wiring,
        ),
    });
    server = createServer((req, res) => void gateway.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('meta sees no table and no token key; users sees both', async () => {
    const meta = (await (await fetch(`${base}/api/config`)).json()) as Record<string, string>;
    expect(meta).toMatchObject({ STAGE: 'sandbox', SANDBOX: 'true' });
    expect(meta).not.toHaveProperty('TABLE_NAME');
    expect(meta).not.toHaveProperty('JWT_SECRET');

    const users = (await (await fetch(`${base}/api/users/u1`)).json()) as Record<string, string>;
    expect(users).toMatchObject({ TABLE_NAME: 'sailpost-sandbox', JWT_SECRET: 'b'.repeat(128) });
    expect(users).not.toHaveProperty('APP_URL');
  });
});

describe("the client's address", () => {
  const seeAddress: LambdaHandler = async (event) => ({
    statusCode: 200,
    body: JSON.stringify({ viewer: event.headers['x-viewer-address'] }),
  });

  const viewerSeen = async (viewerAddressFromRequest?: boolean) => {
    const gateway = createGateway({
      routes: [{ method: 'GET', path: '/config', group: 'meta' }],
      loadHandler: async () => seeAddress,
      ...(viewerAddressFromRequest === undefined ? {} : { viewerAddressFromRequest }),
    });
    const server = createServer((req, res) => void gateway.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/config`, {
        headers: { 'x-viewer-address': '198.18.7.9' },
      });
      return ((await response.json()) as { viewer: string }).viewer;
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };

  it("is the connection's, as CloudFront writes it: an address the client sends is overwritten", async () => {
    expect(await viewerSeen()).toBe('127.0.0.1');
    expect(await viewerSeen(false)).toBe('127.0.0.1');
  });

  it('is the one the request names when the browser tests ask for it (a visitor per context)', async () => {
    expect(await viewerSeen(true)).toBe('198.18.7.9');
  });
});
