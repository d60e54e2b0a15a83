import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineRoute } from '#shared/contract/route';
import { withEnvironment } from '../environment';
import { Conflict, Invalid, NotFound } from '../errors';
import { logger } from '../logger';
import { createGroupHandler } from './group-handler';
import { MAX_JSON_BODY_BYTES, parseInput, parseJsonBody } from './validation';
import { logLinesOf } from '#test/support/log-lines';

const routes = {
  echo: defineRoute({
    method: 'POST',
    path: '/things/{thingId}/echo',
    owners: { thingId: 'company' },
    group: 'meta',
    access: 'public',
    summary: 'Echo',
    body: z.object({ word: z.string({ error: 'Word is required' }) }),
    response: z.object({ thingId: z.string(), word: z.string() }),
    errors: [],
  }),
  refuse: defineRoute({
    method: 'DELETE',
    path: '/things/{thingId}',
    owners: { thingId: 'company' },
    group: 'meta',
    access: 'public',
    summary: 'Refuses',
    response: z.object({}),
    errors: ['COMPANY_NOT_FOUND'],
  }),
  away: defineRoute({
    method: 'GET',
    path: '/away',
    group: 'meta',
    access: 'public',
    summary: 'Sends the browser elsewhere',
    query: z.object({ to: z.enum(['home', 'nowhere']) }),
    response: z.undefined(),
    successStatus: 302,
    errors: ['NOT_FOUND'],
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/mine',
    group: 'meta',
    access: 'user',
    summary: 'Signed in only',
    response: z.object({ ok: z.boolean() }),
    errors: [],
  }),
};

const THING = '6f1c2a52-8a1d-4c57-9a2e-1f6b1d7e0c11';
const MISSING = '00000000-0000-4000-8000-000000000000';

const handler = createGroupHandler(routes, {
  // `params` is typed from the template: `thingId` needs no assertion.
  echo: async ({ params, body }) => ({ thingId: params.thingId, word: body.word }),
  refuse: async ({ params }) => {
    if (params.thingId === MISSING) throw new NotFound('COMPANY_NOT_FOUND', 'Company not found');
    throw new Conflict('EMAIL_TAKEN', 'Taken');
  },
  // A redirect route's handler returns where to; the type says so (a body would not compile).
  away: async ({ query }) => {
    if (query.to === 'nowhere') throw new NotFound('NOT_FOUND', 'Nowhere to go');
    return { location: 'https://app.example/home?success=true' };
  },
  mine: async () => ({ ok: true }),
});

/** A fresh Lambda context per invocation, as Lambda gives. */
const contextFor = () =>
  ({
    functionName: 'test',
    awsRequestId: 'request-1',
    getRemainingTimeInMillis: () => 10_000,
  }) as Partial<Context> as Parameters<typeof handler>[1];

const invoke = async (routeKey: string, request: Partial<APIGatewayProxyEventV2> = {}) => {
  const event = {
    routeKey,
    headers: { 'content-type': 'application/json' },
    requestContext: { requestId: 'request-1' },
    isBase64Encoded: false,
    ...request,
  } as APIGatewayProxyEventV2;
  // No table, no token key: a public route must not need them.
  const result = await withEnvironment({}, () => handler(event, contextFor()));
  return { status: result.statusCode, body: JSON.parse(result.body as string) };
};

describe('createGroupHandler', () => {
  beforeAll(() => logger.setLogLevel('SILENT'));

  it('answers a public route in a function that has neither a table nor a token key', async () => {
    const result = await invoke('POST /api/things/{thingId}/echo', {
      pathParameters: { thingId: THING },
      body: JSON.stringify({ word: 'hello' }),
    });
    expect(result).toEqual({ status: 200, body: { thingId: THING, word: 'hello' } });
  });

  it('answers a redirect route with its status, the location and no body; failures stay JSON', async () => {
    const event = {
      routeKey: 'GET /api/away',
      headers: {},
      queryStringParameters: { to: 'home' },
      requestContext: { requestId: 'request-1' },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
    const result = await withEnvironment({}, () => handler(event, contextFor()));
    expect(result.statusCode).toBe(302);
    expect(result.headers).toMatchObject({
      location: 'https://app.example/home?success=true',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    expect(result.body).toBeUndefined();
    expect(
      await invoke('GET /api/away', { queryStringParameters: { to: 'nowhere' } }),
    ).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('answers malformed JSON with MALFORMED_JSON and an invalid body with VALIDATION_FAILED', async () => {
    const malformed = await invoke('POST /api/things/{thingId}/echo', {
      pathParameters: { thingId: THING },
      body: '{"word": ',
    });
    expect(malformed).toMatchObject({
      status: 400,
      body: { code: 'MALFORMED_JSON', message: 'Malformed JSON in request body' },
    });
    const invalid = await invoke('POST /api/things/{thingId}/echo', {
      pathParameters: { thingId: THING },
      body: '{}',
    });
    expect(invalid).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { word: 'Word is required' } },
    });
  });

  it('answers a body that is not JSON with 415, an oversized one with 413, before parsing', async () => {
    const echo = (request: Partial<APIGatewayProxyEventV2>) =>
      invoke('POST /api/things/{thingId}/echo', { pathParameters: { thingId: THING }, ...request });
    const plain = await echo({
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: '{"word":"hi"}',
    });
    expect(plain).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    const form = await echo({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from('word=hi').toString('base64'),
      isBase64Encoded: true,
    });
    expect(form.status).toBe(415);
    expect((await echo({ headers: {}, body: '{"word":"hi"}' })).status).toBe(415);
    // JSON with a charset or a +json type is JSON.
    const charset = await echo({
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"word":"hi"}',
    });
    expect(charset.status).toBe(200);
    expect(
      await echo({ body: JSON.stringify({ word: 'x'.repeat(MAX_JSON_BODY_BYTES) }) }),
    ).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers 10,000 levels of nesting with a 400, never a crash', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const nested = await invoke('POST /api/things/{thingId}/echo', {
      pathParameters: { thingId: THING },
      body: `{"word":${deep}}`,
    });
    expect(nested).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { word: 'Word is required' } },
    });
    expect(
      parseJsonBody(
        '{"a":' + '{"a":'.repeat(40_000) + '1' + '}'.repeat(40_001),
        false,
        'application/json',
      ),
    ).toBeTypeOf('object');
  });

  it('keeps __proto__ a plain field: nothing is polluted, and a strict body names it', () => {
    const parsed = parseJsonBody(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      false,
      'application/json',
    );
    const refused = (() => {
      try {
        return parseInput(z.strictObject({ word: z.string().optional() }), parsed);
      } catch (error) {
        return error as Invalid;
      }
    })();
    expect(refused).toBeInstanceOf(Invalid);
    expect(Object.keys((refused as Invalid).fields!)).toEqual(['__proto__', 'constructor']);
    const stripped = parseInput(z.object({ word: z.string().optional() }), parsed);
    expect(Object.getPrototypeOf(stripped)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers a path id of the wrong shape like a missing one, before the handler runs', async () => {
    for (const thingId of ['t-1', 'x'.repeat(2048), '../../etc', '\u0000', `${THING}x`]) {
      expect(
        await invoke('DELETE /api/things/{thingId}', { pathParameters: { thingId } }),
      ).toMatchObject({
        status: 404,
        body: { code: 'COMPANY_NOT_FOUND', message: 'Company not found' },
      });
    }
  });

  it('refuses a signed-in route without a token, and an unknown route as NOT_FOUND', async () => {
    expect(await invoke('GET /api/mine')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Authentication required', error: 'Unauthorized' },
    });
    expect(await invoke('GET /api/elsewhere')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not Found' },
    });
  });

  it('maps domain errors once, and logs a code the route does not declare', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(
      await invoke('DELETE /api/things/{thingId}', { pathParameters: { thingId: MISSING } }),
    ).toMatchObject({ status: 404, body: { code: 'COMPANY_NOT_FOUND', error: 'Not Found' } });
    expect(warn).not.toHaveBeenCalled();
    expect(
      await invoke('DELETE /api/things/{thingId}', { pathParameters: { thingId: THING } }),
    ).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN', message: 'Taken' } });
    expect(warn).toHaveBeenCalledWith('Error code not declared by the route', {
      code: 'EMAIL_TAKEN',
    });
  });
});

describe('the correlation id of a request', () => {
  // The test above silences the logger's warn with a spy.
  beforeEach(() => vi.restoreAllMocks());

  const request = (routeKey: string, headers: Record<string, string> = {}) =>
    ({
      routeKey,
      headers: { 'content-type': 'application/json', ...headers },
      pathParameters: { thingId: THING },
      body: JSON.stringify({ word: 'hello' }),
      requestContext: { requestId: 'api-request-9' },
      isBase64Encoded: false,
    }) as unknown as APIGatewayProxyEventV2;

  it("is API Gateway's request id, on the middlewares' log lines and in the answer", async () => {
    let answer: Awaited<ReturnType<typeof handler>> | undefined;
    const lines = await logLinesOf(async () => {
      // The Conflict's EMAIL_TAKEN is not declared by the route, so the error handler logs it.
      answer = await withEnvironment({}, () =>
        handler(request('DELETE /api/things/{thingId}', {}), contextFor()),
      );
    });
    expect(answer?.headers?.['x-correlation-id']).toBe('api-request-9');
    const warning = lines.find((line) => line.message === 'Error code not declared by the route');
    expect(warning?.correlationId).toBe('api-request-9');
  });

  it("is the caller's own when it sends an acceptable one in x-correlation-id", async () => {
    const own = await withEnvironment({}, () =>
      handler(
        request('POST /api/things/{thingId}/echo', { 'x-correlation-id': 'support-42' }),
        contextFor(),
      ),
    );
    expect(own.statusCode).toBe(200);
    expect(own.headers?.['x-correlation-id']).toBe('support-42');
    const refused = await withEnvironment({}, () =>
      handler(
        request('POST /api/things/{thingId}/echo', { 'x-correlation-id': 'two\nlines' }),
        contextFor(),
      ),
    );
    expect(refused.headers?.['x-correlation-id']).toBe('api-request-9');
  });
});
